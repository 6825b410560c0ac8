import { type ErrorCode, type RateLimitRefusal, StepError } from '@toolsteps/sdk';
import type { SecretScrubber } from '../ports/services.js';
import { isExhausted, requestedWaitMs } from './retry-delay.js';
import { bodyForDetails, upstreamMessage } from './upstream-message.js';

/** Which request an answer belongs to, for messages. */
export interface ExchangeLabel {
  integrationTitle: string;
  method: string;
  /** Path and query relative to the base URL. */
  relative: string;
}

export interface ReceivedResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** What else shapes the error besides the answer. */
export interface ResponseErrorContext {
  now: number;
  /** The answer came to a replay after a token refresh. */
  afterRenewal?: boolean;
  refusal?: RateLimitRefusal;
  /** The upstream message and body are scrubbed before they are cut, so no cut splits a secret. */
  scrubber?: Pick<SecretScrubber, 'scrub' | 'scrubValue'>;
}

/** Only these server errors are worth retrying: the others usually repeat for the same request. */
const RETRYABLE_SERVER_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * Turns an unwanted answer into a StepError: the code from the status, the upstream status and
 * message kept, and a hint a user can act on.
 */
export function responseError(
  response: ReceivedResponse,
  label: ExchangeLabel,
  { now, afterRenewal = false, refusal, scrubber }: ResponseErrorContext,
): StepError {
  const { status, headers } = response;
  const code = refusal ? 'rate_limited' : codeFor(status, headers);
  const said = upstreamMessage(response.body, scrubber);
  const waitMs = requestedWaitMs(headers, now) ?? refusal?.minWaitMs;
  const base = `${label.integrationTitle} answered ${status} to ${label.method} ${label.relative}${said ? `: ${said}` : ''}`;
  return new StepError({
    code,
    status,
    message: `${base}${hint(code, status, headers, waitMs, afterRenewal)}`,
    retryAfterMs: code === 'rate_limited' || code === 'unavailable' ? waitMs : undefined,
    retryable: code === 'unavailable' ? RETRYABLE_SERVER_STATUSES.has(status) : undefined,
    details: { method: label.method, path: label.relative, body: bodyForDetails(response.body, scrubber) },
  });
}

function codeFor(status: number, headers: Record<string, string>): ErrorCode {
  if (status === 401) return 'unauthorized';
  // Some APIs (GitHub among them) answer 403 when a rate limit is exhausted.
  if (status === 403) return isExhausted(headers) || headers['retry-after'] ? 'rate_limited' : 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 400 || status === 409 || status === 422) return 'validation';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'upstream';
}

function hint(
  code: ErrorCode,
  status: number,
  headers: Record<string, string>,
  waitMs: number | undefined,
  afterRenewal: boolean,
): string {
  switch (code) {
    case 'unauthorized':
      return afterRenewal
        ? ' (still refused after refreshing the token): disconnect and reconnect the account'
        : " (credentials refused): check the account's credentials or reconnect it";
    case 'forbidden':
      return ' (forbidden): the account lacks permission for this';
    case 'rate_limited':
      return waitMs === undefined
        ? ' (rate limited)'
        : ` (rate limited): retry after ${Math.ceil(waitMs / 1000)} s`;
    default:
      if (status >= 300 && status < 400) {
        const where = headers.location ? redirectOrigin(headers.location) : undefined;
        return ` (a redirect${where ? ` to ${where}` : ''}, not followed: it leads outside the account's base URL or past 5 hops, and credentials stay with the API)`;
      }
      return '';
  }
}

function redirectOrigin(location: string): string | undefined {
  return URL.canParse(location) ? new URL(location).origin : undefined;
}
