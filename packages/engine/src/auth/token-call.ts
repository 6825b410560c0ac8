import { isStepError, StepError } from '@toolsteps/sdk';
import type { KyInstance } from 'ky';
import { AttemptSignal } from '../http/attempt-signal.js';
import { loadKy } from '../http/load-ky.js';
import { readBodyText } from '../http/read-body.js';
import type { SecretScrubber } from '../ports/services.js';
import { scrubbedCut } from '../secrets/scrubbed-cut.js';

/** A token grant is a few hundred bytes; anything near this is not one. */
export const DEFAULT_MAX_TOKEN_ANSWER_BYTES = 64 * 1024;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** Fields of a token endpoint's answer that are secrets whatever the answer says. */
const SECRET_ANSWER_FIELDS = ['access_token', 'refresh_token', 'id_token', 'device_code'];

/** How a call to a token endpoint is named in its errors. */
export interface TokenCallWording {
  /** What the call does, after "to": `the refresh of account "Main" of Zendesk`. */
  act: string;
  /** Opens the message when no answer came: `Could not refresh the OAuth token of account "Main" of Zendesk`. */
  failure: string;
  /** The secrets the call carries: `the refresh token and client secret`. */
  carries: string;
}

export interface TokenCall {
  /** Already checked by `checkTokenUrl`. */
  url: URL;
  method?: 'POST' | 'DELETE';
  /** Sent form-encoded; or `json`. */
  form?: Record<string, string>;
  json?: Record<string, unknown>;
  /** HTTP Basic credentials (an OAuth app's id and secret). */
  basic?: { user: string; password: string };
  /** Registered with the scrubber before anything is sent. */
  secrets: readonly string[];
  wording: TokenCallWording;
  /** Bounds the whole call, reading the answer included. */
  timeoutMs: number;
  maxAnswerBytes?: number;
  scrubber: SecretScrubber;
}

/** A token endpoint's answer: its status and its body as an object (JSON or form-encoded). */
export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

let tokenKy: KyInstance | undefined;

/** Like an account's own ky instance: no retry, no ky timeout (ours bounds the body too), redirects by hand. */
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
 * One call to an OAuth endpoint (token, device code, revocation) on the guarded path: its secrets are
 * scrubbed before anything is sent, a redirect is refused (never followed), the answer is size-capped
 * and time-bounded, and tokens in it are registered as secrets before anyone reads it.
 */
export async function sendTokenCall(call: TokenCall, signal: AbortSignal): Promise<TokenAnswer> {
  const { scrubber, wording } = call;
  for (const secret of call.secrets) if (secret) scrubber.add(secret);
  if (call.basic) scrubber.add(call.basic.password);
  const maxAnswerBytes = call.maxAnswerBytes ?? DEFAULT_MAX_TOKEN_ANSWER_BYTES;
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  } else if (call.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  if (call.basic) {
    const pair = `${encodeURIComponent(call.basic.user)}:${encodeURIComponent(call.basic.password)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }

  const client = await tokenClient();
  const attempt = new AttemptSignal(signal, call.timeoutMs);
  let status: number;
  let text: string;
  let type: string;
  try {
    // Bound by our own signal: fetch's combined signal may be collected once the headers are in.
    const response = await attempt.bound(
      client(call.url, { method: call.method ?? 'POST', headers, body, signal: attempt.signal }),
      (late) => void late.body?.cancel().catch(() => undefined),
    );
    status = response.status;
    type = response.headers.get('content-type') ?? '';
    if (status >= 300 && status < 400) {
      await response.body?.cancel().catch(() => undefined);
      const target = redirectOrigin(response, call.url);
      throw redirectRefused(status, target && scrubber.scrub(target), wording);
    }
    const label = {
      integrationTitle: 'The token endpoint',
      method: call.method ?? 'POST',
      relative: call.url.pathname,
    };
    text = await readBodyText(response, maxAnswerBytes, label, attempt.signal).catch((error: unknown) => {
      throw isStepError(error) ? oversizeAnswer(maxAnswerBytes, wording) : error;
    });
  } catch (error) {
    if (isStepError(error)) throw error;
    const outcome = signal.aborted ? 'cancelled' : attempt.timedOut ? 'timeout' : 'unavailable';
    throw unanswered(error, outcome, call.timeoutMs, wording);
  } finally {
    attempt.dispose();
  }

  const parsed = parseAnswer(text, type);
  // Whatever the answer holds, it is a secret before it can reach a message.
  for (const key of SECRET_ANSWER_FIELDS) {
    const token = parsed[key];
    if (typeof token === 'string') scrubber.add(token);
  }
  return { status, body: parsed };
}

/** A text from the provider, fit for one line of a message: scrubbed, no control characters, cut. */
export function providerSaid(scrubber: SecretScrubber, value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  // Scrubbed whole, then cut: a cut could leave part of a secret the scrubber no longer recognises.
  const line = scrubber.scrub(value).replace(CONTROL_CHARACTERS, ' ').trim();
  return scrubbedCut(scrubber, line, max);
}

/** Where a redirect pointed, as an origin only: its path and query may carry anything. */
function redirectOrigin(response: Response, from: URL): string | undefined {
  const location = response.headers.get('location');
  return location && URL.canParse(location, from.href) ? new URL(location, from).origin : undefined;
}

/** JSON, or the form encoding some providers answer with (GitHub by default); an HTML page is nothing. */
function parseAnswer(text: string, type: string): Record<string, unknown> {
  if (/html/i.test(type) || /^\s*</.test(text)) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return Object.fromEntries(new URLSearchParams(text));
  }
}

/** Token endpoints do not legitimately redirect: following one would hand the secrets to its target. */
function redirectRefused(status: number, target: string | undefined, wording: TokenCallWording): StepError {
  return new StepError({
    code: 'upstream',
    status,
    retryable: false,
    message: `The token endpoint answered ${status}, a redirect${target ? ` to ${target}` : ''}, to ${wording.act}: token endpoint redirects are never followed, so ${wording.carries} were sent nowhere else. Check the integration's token URL`,
  });
}

function oversizeAnswer(maxBytes: number, wording: TokenCallWording): StepError {
  return new StepError({
    code: 'upstream',
    retryable: false,
    message: `The token endpoint's answer to ${wording.act} was larger than ${maxBytes} bytes, far more than a token grant; it was not read`,
    details: { maxTokenAnswerBytes: maxBytes },
  });
}

/** No (complete) answer: the caller gave up, the timeout passed, or the network failed. */
function unanswered(
  cause: unknown,
  outcome: 'cancelled' | 'timeout' | 'unavailable',
  timeoutMs: number,
  wording: TokenCallWording,
): StepError {
  const said = {
    cancelled: 'it was cancelled',
    timeout: `the token endpoint did not answer within ${timeoutMs} ms`,
    unavailable: 'the token endpoint could not be reached',
  }[outcome];
  return new StepError({ code: outcome, message: `${wording.failure}: ${said}`, cause });
}
