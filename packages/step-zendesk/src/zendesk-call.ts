import {
  type HttpRequest,
  type HttpResponse,
  isStepError,
  type StepContext,
  StepError,
} from '@toolsteps/sdk';

/** What to do when Zendesk refuses the account's credentials or rights. */
export const AUTH_REMEDIES =
  "check the account's subdomain, check that the connected user has Admin or Agent permissions in Zendesk, or disconnect and reconnect the account to authorize it again";

/**
 * One request to the Support API. A 401 (after the engine's one token refresh) or a 403 says what
 * to check (subdomain, Admin or Agent permissions, reconnecting); a 422 names the fields Zendesk
 * refused, from its `details`.
 */
export async function zendeskRequest<T>(ctx: StepContext, request: HttpRequest): Promise<T> {
  return (await zendeskResponse<T>(ctx, request)).body;
}

/** `zendeskRequest`, answering the whole response (for a status the request accepts, e.g. a 404). */
export async function zendeskResponse<T>(ctx: StepContext, request: HttpRequest): Promise<HttpResponse<T>> {
  try {
    return await ctx.http.request<T>(request);
  } catch (error) {
    if (!isStepError(error)) throw error;
    const auth = authFailure(ctx, error);
    if (auth) throw auth;
    const fields = error.code === 'validation' ? invalidFields(error.details?.body) : undefined;
    if (fields)
      throw new StepError({ ...error.toJSON(), message: `${error.message}: ${fields}`, cause: error });
    throw error;
  }
}

/** A 401 or 403 as a failure that says what to do; nothing for any other error. */
export function authFailure(ctx: StepContext, error: StepError): StepError | undefined {
  if (error.code !== 'unauthorized' && error.code !== 'forbidden') return undefined;
  const what = error.code === 'unauthorized' ? 'did not accept the credentials of' : 'refused the rights of';
  return new StepError({
    ...error.toJSON(),
    message: `Zendesk ${what} account "${ctx.account.name}" (${error.status}): ${AUTH_REMEDIES}. ${error.message}`,
    cause: error,
  });
}

/** `{details: {subject: [{description: "Subject: cannot be blank"}]}}` → `Subject: cannot be blank`. */
function invalidFields(body: unknown): string | undefined {
  const details = (body as { details?: unknown } | undefined)?.details;
  if (details === null || typeof details !== 'object') return undefined;
  const texts = Object.values(details).flatMap((problems) =>
    Array.isArray(problems)
      ? problems.flatMap((problem) => (typeof problem?.description === 'string' ? [problem.description] : []))
      : [],
  );
  return texts.length > 0 ? texts.join('; ') : undefined;
}

/** `/api/v2/tickets/{id}.json` and friends: ids are integers checked by the step's schema. */
export const ticketPath = (id: number, rest = '') => `api/v2/tickets/${id}${rest}.json`;
