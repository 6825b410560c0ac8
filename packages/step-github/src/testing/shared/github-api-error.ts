/** One entry of a 422 "Validation Failed" answer, as GitHub shapes it. */
export interface GithubFieldError {
  resource: string;
  code: 'missing' | 'missing_field' | 'invalid' | 'already_exists' | 'unprocessable' | 'custom';
  field?: string;
  message?: string;
  /** The refused value, as GitHub echoes it for `invalid` entries. */
  value?: unknown;
}

const DOCS = 'https://docs.github.com/rest';

/** A refusal the emulated API answers with GitHub's error body `{message, documentation_url, errors?, status}`. */
export class GithubApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field errors; some operations (pull request reviews) answer plain sentences instead. */
    readonly errors?: Array<GithubFieldError | string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'GithubApiError';
  }

  body(): Record<string, unknown> {
    return {
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      documentation_url: DOCS,
      status: String(this.status),
    };
  }
}

export const notFound = () => new GithubApiError(404, 'Not Found');

/** GitHub's 403 when the token's user may see a resource but not change it. */
export const notAccessible = () =>
  new GithubApiError(403, 'Resource not accessible by personal access token');

/** 422 as GitHub sends it when a body field is missing or wrong. */
export function validationFailed(...errors: GithubFieldError[]): GithubApiError {
  return new GithubApiError(422, 'Validation Failed', errors);
}
