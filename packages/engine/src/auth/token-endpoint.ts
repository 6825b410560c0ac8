import { StepError } from '../contracts/step-error.js';

/** What a token endpoint grants on refresh (RFC 6749 §5.1). */
export interface TokenGrant {
  accessToken: string;
  /** Set when the provider rotates refresh tokens. */
  refreshToken?: string;
  expiresInSeconds?: number;
}

export interface RefreshRequest {
  tokenUrl: string;
  refreshToken: string;
  clientId?: string;
  clientSecret?: string;
  /** Names the account and integration in error messages. */
  accountName: string;
  integrationTitle: string;
  timeoutMs: number;
}

/** Exchanges a refresh token for new tokens: `grant_type=refresh_token`, form-encoded. */
export async function requestTokenRefresh(request: RefreshRequest): Promise<TokenGrant> {
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: request.refreshToken });
  if (request.clientId) form.set('client_id', request.clientId);
  if (request.clientSecret) form.set('client_secret', request.clientSecret);
  const who = `account "${request.accountName}" of ${request.integrationTitle}`;

  let response: Response;
  let text: string;
  try {
    response = await fetch(request.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = (error as { name?: string })?.name === 'TimeoutError';
    throw new StepError({
      code: timedOut ? 'timeout' : 'unavailable',
      message: `Could not refresh the OAuth token of ${who}: the token endpoint ${timedOut ? `did not answer within ${request.timeoutMs} ms` : 'could not be reached'}`,
      cause: error,
    });
  }

  const body = parseGrantBody(text);
  if (response.ok && typeof body.access_token === 'string' && body.access_token !== '') {
    return {
      accessToken: body.access_token,
      refreshToken:
        typeof body.refresh_token === 'string' && body.refresh_token !== '' ? body.refresh_token : undefined,
      expiresInSeconds: Number.isFinite(Number(body.expires_in)) ? Number(body.expires_in) : undefined,
    };
  }
  throw refreshFailure(response.status, body, who);
}

function refreshFailure(status: number, body: Record<string, unknown>, who: string): StepError {
  const error = typeof body.error === 'string' ? body.error : undefined;
  const description =
    typeof body.error_description === 'string' ? `: ${body.error_description.slice(0, 200)}` : '';
  const reason = error ? ` (${error}${description})` : '';
  if (status >= 200 && status < 300) {
    return new StepError({
      code: 'upstream',
      status,
      message: `The token endpoint answered the refresh of ${who} without an access token`,
    });
  }
  if (error === 'invalid_grant') {
    return new StepError({
      code: 'reconnect_required',
      status,
      message: `The refresh token of ${who} was rejected${reason}: it was revoked or has expired. Disconnect and reconnect the account to authorize it again`,
      details: { error },
    });
  }
  if (status === 400 || status === 401 || status === 403) {
    return new StepError({
      code: 'unauthorized',
      status,
      message: `The token endpoint refused to refresh the token of ${who}${reason}: check the account's client id and secret, or disconnect and reconnect the account`,
      details: error ? { error } : undefined,
    });
  }
  return new StepError({
    code: status === 429 ? 'rate_limited' : status >= 500 ? 'unavailable' : 'upstream',
    status,
    message: `The token endpoint answered ${status} to the refresh of ${who}${reason}`,
  });
}

/** JSON, or the form encoding some providers still answer with. */
function parseGrantBody(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return Object.fromEntries(new URLSearchParams(text));
  }
}
