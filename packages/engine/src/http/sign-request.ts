import type { HttpRequest } from '@toolsteps/sdk';
import type { BeforeRequestHook } from 'ky';
import type { AccountAuth, AuthHeader } from '../auth/account-auth.js';
import type { SendEndListener, SentRequest } from '../ports/services.js';
import { headerRecord } from './redact-headers.js';

/** What one send shares with the ky hooks (through ky's `context`), and what they leave behind. */
export interface SendState {
  request: HttpRequest;
  signal: AbortSignal;
  /** Set by the caller to replay with renewed credentials; otherwise filled in by the sign hook. */
  authHeader?: AuthHeader;
  /** Set once every hook ran: the request left (unset when a hook stopped it). */
  sent?: boolean;
  /** Whether someone reads exchange records: only then are the sent headers copied. */
  recordHeaders: boolean;
  /** The headers that went out, when `recordHeaders`. */
  sentHeaders?: Record<string, string>;
  /** Told as the request leaves (the client's `onSent`), with `leaving`; set by the send. */
  onSent?: (request: SentRequest) => SendEndListener | undefined;
  leaving?: SentRequest;
  /** What `onSent` returned: told how the send ended. */
  onEnded?: SendEndListener;
}

export function sendStateOf(context: Record<string, unknown>): SendState {
  return context.send as SendState;
}

/**
 * The auth layer, one ky hook: puts the account's credential header on the request, last so nothing
 * overrides it, then records that the request left. One hook, not two: ky awaits each hook.
 */
export function signRequest(auth: AccountAuth): BeforeRequestHook {
  return async (request, options) => {
    const state = sendStateOf(options.context);
    state.authHeader ??= await auth.header(state.request, state.signal);
    request.headers.set(state.authHeader.name, state.authHeader.value);
    recordSent(request, state);
  };
}

/**
 * Notes that the request left, and keeps its headers exactly as sent when an exchange is recorded.
 * It is counted here, not when its answer comes: a write cut off by a cancellation was still sent.
 */
function recordSent(request: Request, state: SendState): void {
  state.sent = true;
  if (state.recordHeaders) state.sentHeaders = headerRecord(request.headers);
  if (state.onSent && state.leaving) state.onEnded = state.onSent(state.leaving);
}
