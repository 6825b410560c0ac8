import {
  type HttpRequest,
  type HttpResponse,
  isStepError,
  type StepContext,
  StepError,
} from '@toolsteps/sdk';

/** What to do when the provider refuses the API key, which is entered once, at connection. */
export const KEY_REMEDIES =
  "check the account's API key and, if the provider wants it in another header, its apiKeyHeader setting (default X-Api-Key), or reconnect the account with a new key";

/** One answer, and whether it was the provider's "no match" (a 404, yet not an error: no match never is). */
export interface ProviderAnswer<T> extends HttpResponse<T> {
  noMatch: boolean;
}

/**
 * One request to the provider. A 404 whose body says no match resolves with `noMatch` (any other
 * 404, such as a wrong path, still fails); a 401 says what to check; a 402 `insufficient_credits`
 * fails with the balance and what to do, never retried.
 */
export async function providerRequest<T>(ctx: StepContext, request: HttpRequest): Promise<ProviderAnswer<T>> {
  try {
    const response = await ctx.http.request<T>({ ...request, acceptStatus: [404] });
    if (response.status !== 404) return { ...response, noMatch: false };
    if (saysNoMatch(response.body)) return { ...response, noMatch: true };
    throw new StepError({
      code: 'not_found',
      status: 404,
      message: `Sales Intelligence answered 404 to ${request.method ?? 'GET'} /${request.path} without saying "no match": check the account's baseUrl and search path settings${said(response.body)}`,
      details: { path: request.path, body: response.body },
    });
  } catch (error) {
    if (!isStepError(error)) throw error;
    if (error.code === 'unauthorized')
      throw new StepError({
        ...error.toJSON(),
        message: `Sales Intelligence did not accept the API key of account "${ctx.account.name}" (401): ${KEY_REMEDIES}. ${error.message}`,
        cause: error,
      });
    if (error.status === 402) throw outOfCredits(ctx, error);
    throw error;
  }
}

function outOfCredits(ctx: StepContext, error: StepError): StepError {
  const body = (error.details?.body ?? {}) as { required?: unknown; remaining?: unknown };
  const numbers =
    typeof body.required === 'number' && typeof body.remaining === 'number'
      ? ` (this request needs ${body.required}, ${body.remaining} remain)`
      : '';
  return new StepError({
    ...error.toJSON(),
    code: 'upstream',
    retryable: false,
    message: `Sales Intelligence account "${ctx.account.name}" has too few credits left${numbers}: buy more credits or wait for the plan's credits to renew, then run again; nothing was charged for this request`,
    details: { ...error.details, reason: 'insufficient_credits' },
    cause: error,
  });
}

function saysNoMatch(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const { error, message } = body as { error?: unknown; message?: unknown };
  return (
    error === 'no_match' ||
    (typeof message === 'string' && /\bno (match|person|company|record)/i.test(message))
  );
}

function said(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? ` (it said: ${message.slice(0, 200)})` : '';
}
