import type { SecretScrubber } from '../ports/services.js';
import { providerSaid, sendTokenCall } from './token-call.js';
import { readTokenGrant, type TokenGrant } from './token-grant.js';
import { refusedRefresh, unusableGrant } from './token-refresh-failure.js';

export { DEFAULT_MAX_TOKEN_ANSWER_BYTES } from './token-call.js';
export type { TokenGrant } from './token-grant.js';

export interface RefreshRequest {
  /** Already checked by `checkTokenUrl`. */
  tokenUrl: URL;
  refreshToken: string;
  clientId?: string;
  clientSecret?: string;
  /** Names the account and integration in error messages. */
  accountName: string;
  integrationTitle: string;
  /** Bounds the whole call, reading the answer included. */
  timeoutMs: number;
  maxAnswerBytes: number;
  /** Every token sent or received is registered before any message is built. */
  scrubber: SecretScrubber;
}

/**
 * Exchanges a refresh token for new tokens (`grant_type=refresh_token`, form-encoded). The answer is
 * size-capped, never followed through a redirect, and checked before anyone can use or store it.
 */
export async function requestTokenRefresh(request: RefreshRequest, signal: AbortSignal): Promise<TokenGrant> {
  const { scrubber } = request;
  const who = `account "${request.accountName}" of ${request.integrationTitle}`;
  const form: Record<string, string> = { grant_type: 'refresh_token', refresh_token: request.refreshToken };
  if (request.clientId) form.client_id = request.clientId;
  if (request.clientSecret) form.client_secret = request.clientSecret;
  const { status, body } = await sendTokenCall(
    {
      url: request.tokenUrl,
      form,
      secrets: [request.refreshToken, request.clientSecret ?? ''],
      wording: {
        act: `the refresh of ${who}`,
        failure: `Could not refresh the OAuth token of ${who}`,
        carries: 'the refresh token and client secret',
      },
      timeoutMs: request.timeoutMs,
      maxAnswerBytes: request.maxAnswerBytes,
      scrubber,
    },
    signal,
  );
  if (status >= 200 && status < 300) {
    const grant = readTokenGrant(body);
    if ('problem' in grant) throw unusableGrant(status, grant.problem, who);
    return grant;
  }
  throw refusedRefresh(
    status,
    providerSaid(scrubber, body.error, 60) || undefined,
    providerSaid(scrubber, body.error_description, 200),
    who,
  );
}
