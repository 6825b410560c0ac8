import { isStepError } from '@toolsteps/sdk';
import type { KyInstance } from 'ky';
import { AttemptSignal } from '../http/attempt-signal.js';
import { loadKy } from '../http/load-ky.js';
import { readBodyText } from '../http/read-body.js';
import type { SecretScrubber } from '../ports/services.js';
import { scrubbedCut } from '../secrets/scrubbed-cut.js';
import { readTokenGrant, type TokenGrant } from './token-grant.js';
import {
  oversizeAnswer,
  redirectRefused,
  refusedRefresh,
  unanswered,
  unusableGrant,
} from './token-refresh-failure.js';

export type { TokenGrant } from './token-grant.js';

/** A token grant is a few hundred bytes; anything near this is not one. */
export const DEFAULT_MAX_TOKEN_ANSWER_BYTES = 64 * 1024;

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

let tokenKy: KyInstance | undefined;

/** Like the account's own ky instance: no retry, no ky timeout (ours bounds the body too), redirects by hand. */
async function tokenClient(): Promise<KyInstance> {
  tokenKy ??= (await loadKy()).create({
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    redirect: 'manual',
  });
  return tokenKy;
}

/**
 * Exchanges a refresh token for new tokens (`grant_type=refresh_token`, form-encoded). The answer is
 * size-capped, never followed through a redirect, and checked before anyone can use or store it.
 */
export async function requestTokenRefresh(request: RefreshRequest, signal: AbortSignal): Promise<TokenGrant> {
  const { scrubber } = request;
  scrubber.add(request.refreshToken);
  if (request.clientSecret) scrubber.add(request.clientSecret);
  const who = `account "${request.accountName}" of ${request.integrationTitle}`;
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: request.refreshToken });
  if (request.clientId) form.set('client_id', request.clientId);
  if (request.clientSecret) form.set('client_secret', request.clientSecret);

  const client = await tokenClient();
  const attempt = new AttemptSignal(signal, request.timeoutMs);
  let status: number;
  let text: string;
  try {
    // Bound by our own signal: fetch's combined signal may be collected once the headers are in.
    const response = await attempt.bound(
      client.post(request.tokenUrl, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: attempt.signal,
      }),
      (late) => void late.body?.cancel().catch(() => undefined),
    );
    status = response.status;
    if (status >= 300 && status < 400) {
      await response.body?.cancel().catch(() => undefined);
      const target = redirectOrigin(response, request.tokenUrl);
      throw redirectRefused(status, target && scrubber.scrub(target), who);
    }
    const label = {
      integrationTitle: request.integrationTitle,
      method: 'POST',
      relative: request.tokenUrl.pathname,
    };
    text = await readBodyText(response, request.maxAnswerBytes, label, attempt.signal).catch(
      (error: unknown) => {
        throw isStepError(error) ? oversizeAnswer(request.maxAnswerBytes, who) : error;
      },
    );
  } catch (error) {
    if (isStepError(error)) throw error;
    const outcome = signal.aborted ? 'cancelled' : attempt.timedOut ? 'timeout' : 'unavailable';
    throw unanswered(error, outcome, request.timeoutMs, who);
  } finally {
    attempt.dispose();
  }

  const body = parseGrantBody(text);
  // Whatever the answer holds, it is a secret before it can reach a message.
  for (const key of ['access_token', 'refresh_token', 'id_token']) {
    const token = body[key];
    if (typeof token === 'string') scrubber.add(token);
  }
  if (status >= 200 && status < 300) {
    const grant = readTokenGrant(body);
    if ('problem' in grant) throw unusableGrant(status, grant.problem, who);
    return grant;
  }
  // Scrubbed whole, then cut: a cut could leave part of a secret the scrubber no longer recognises.
  const said = (value: unknown, max: number) =>
    typeof value === 'string' ? scrubbedCut(scrubber, oneLine(scrubber.scrub(value)), max) : '';
  throw refusedRefresh(status, said(body.error, 60) || undefined, said(body.error_description, 200), who);
}

/** Where a redirect pointed, as an origin only: its path and query may carry anything. */
function redirectOrigin(response: Response, from: URL): string | undefined {
  const location = response.headers.get('location');
  return location && URL.canParse(location, from.href) ? new URL(location, from).origin : undefined;
}

/** Text from the provider goes into one line of a message: no control characters. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
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
