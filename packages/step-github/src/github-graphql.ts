import { type StepContext, StepError, type TSchema, Type } from '@toolsteps/sdk';
import { Nullable } from './nullable.js';

interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: Array<{ message?: string; type?: string; path?: ReadonlyArray<string | number> }>;
}

/** GraphQL error types that say what is wrong with the request, not with GitHub. */
const ERROR_CODES: Record<string, 'not_found' | 'forbidden' | 'validation' | 'rate_limited'> = {
  NOT_FOUND: 'not_found',
  FORBIDDEN: 'forbidden',
  INSUFFICIENT_SCOPES: 'forbidden',
  RATE_LIMITED: 'rate_limited',
  UNPROCESSABLE: 'validation',
};

export interface GraphqlOptions {
  /**
   * The mutation leaves the same state however often it runs (it sets a value, or GitHub answers
   * the existing object), so a failed attempt may be sent again.
   */
  retrySafe?: boolean;
  /** What the step reads of `data`: an answer without it fails `upstream` naming the field. */
  data?: TSchema;
}

/** Answer schemas by data schema, so each is built (and compiled by the engine) once. */
const answers = new WeakMap<TSchema, TSchema>();

/** `data` as read, or null or absent: with `errors` GitHub may send no data, and `graphql` reports those. */
function answerOf(data: TSchema): TSchema {
  const known = answers.get(data);
  if (known !== undefined) return known;
  const answer = Type.Object({ data: Type.Optional(Nullable(data)) });
  answers.set(data, answer);
  return answer;
}

/**
 * One GraphQL call through the account's `graphql` endpoint. GitHub answers errors with status 200
 * and an `errors` array: those become a StepError quoting GitHub's messages.
 */
export async function graphql<T>(
  ctx: StepContext,
  query: string,
  variables: Record<string, unknown>,
  effect: 'read' | 'write',
  options: GraphqlOptions = {},
): Promise<T> {
  const { body } = await ctx.http.request<GraphqlAnswer<T>>({
    method: 'POST',
    endpoint: 'graphql',
    path: 'graphql',
    json: { query, variables },
    // GraphQL reads are POSTs too: a query is safe to repeat, a mutation only when marked so.
    retrySafe: effect === 'read' || options.retrySafe === true,
    expect: options.data === undefined ? undefined : answerOf(options.data),
  });
  const errors = body?.errors ?? [];
  if (errors.length > 0 || body?.data === undefined || body.data === null) {
    const first = errors[0];
    const messages = errors.map((error) => error.message ?? 'unknown error').join('; ');
    throw new StepError({
      code: (first?.type && ERROR_CODES[first.type]) || 'upstream',
      message: `GitHub GraphQL answered with ${errors.length === 1 ? 'an error' : `${errors.length} errors`}: ${messages || 'no data'}`,
      details: { errors: errors.map(({ message, type, path }) => ({ message, type, path })) },
    });
  }
  return body.data;
}
