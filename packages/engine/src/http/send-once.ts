import {
  type HttpExchange,
  type HttpMethod,
  type HttpRequest,
  isStepError,
  type Logger,
  StepError,
} from '@toolsteps/sdk';
import type { Clock } from '../ports/clock.js';
import type { SecretScrubber, SendEndListener, SentRequest } from '../ports/services.js';
import type { AccountChannel } from './account-channel.js';
import { AttemptSignal } from './attempt-signal.js';
import { isTextual, recordedBody } from './binary-body.js';
import { parseBody } from './parse-body.js';
import { tooLarge } from './read-body.js';
import { headerRecord, redactHeaders } from './redact-headers.js';
import type { ExchangeLabel, ReceivedResponse } from './response-error.js';
import { sendEnd } from './retry-safety.js';
import type { SendState } from './sign-request.js';
import { AnswerCutOff, AnswerFailure } from './transport/answer-failure.js';
import { ResponseTooLarge } from './transport/response-too-large.js';
import { UnusableAnswer } from './transport/unusable-answer.js';
import { transportError } from './transport-error.js';

/** Where one send goes: a URL already checked to lie under the base URL. */
export interface SendTarget {
  url: URL;
  relative: string;
  method: HttpMethod;
  body?: string | Uint8Array;
}

/** What the sends of one `request()` call share. */
export interface SendContext {
  channel: AccountChannel;
  /** The root this request's path resolved under (base URL or named endpoint); redirects stay under it. */
  base: URL;
  /** The quota this request counts against (the binding's `quotaOf`). */
  quota: string;
  request: HttpRequest;
  headers: Record<string, string>;
  signal: AbortSignal;
  clock: Clock;
  scrubber: SecretScrubber;
  logger: Logger;
  onExchange?: (exchange: HttpExchange) => void;
  onSent?: (request: SentRequest) => SendEndListener | undefined;
  beforeWrite?: (request: SentRequest) => Promise<void>;
  /** Counts sends across retries, renewals and redirects: the exchange's `attempt`. */
  sends: number;
}

/**
 * One HTTP exchange through the account's ky instance and its transport, bounded by the per-attempt
 * timeout and the response size limit, and recorded (redacted) whatever its outcome.
 */
export async function sendOnce(
  ctx: SendContext,
  target: SendTarget,
  state: SendState,
): Promise<ReceivedResponse> {
  const { binding, integration } = ctx.channel;
  const label: ExchangeLabel = {
    integrationTitle: integration.title,
    method: target.method,
    relative: target.relative,
  };
  if (ctx.onSent || ctx.beforeWrite) {
    const safeToRepeat =
      target.method === 'GET' || target.method === 'HEAD' || ctx.request.retrySafe === true;
    state.onSent = ctx.onSent;
    state.leaving = { method: target.method, path: target.relative, safeToRepeat };
    if (ctx.request.worstCaseCredits !== undefined)
      state.leaving.worstCaseCredits = ctx.request.worstCaseCredits;
    // Recorded before the timeout starts: a slow commit must not eat the answer's time.
    if (ctx.beforeWrite && !safeToRepeat) await ctx.beforeWrite(state.leaving);
  }
  const timeout = new AttemptSignal(ctx.signal, binding.timeoutMs);
  const started = ctx.clock.now();
  let response: Response | undefined;
  try {
    // The attempt signal goes to the transport itself, not through ky's `signal` option: ky would
    // derive an `AbortSignal.any` per send, the costliest allocation of a send on Node 20. The wait
    // also races the attempt, so an answer that comes too late is dropped.
    const { transport } = ctx.channel;
    const sending = { signal: timeout.signal, maxResponseBytes: binding.maxResponseBytes };
    response = await timeout.bound(
      ctx.channel.ky(target.url, {
        method: target.method,
        headers: ctx.headers,
        body: target.body,
        fetch: (input) => transport.fetch(input as Request, sending),
        context: { send: state },
      }),
      (late) => void late.body?.cancel().catch(() => undefined),
    );
    // The transport resolved with the whole body, decoded and within maxResponseBytes.
    const headers = headerRecord(response.headers);
    const received = { status: response.status, headers, body: await bodyOf(response, target, ctx, headers) };
    ctx.channel.quota.observe(ctx.quota, received.headers, ctx.clock.now());
    record(ctx, target, state, started, received);
    return received;
  } catch (error) {
    const failure = sendFailure(error, ctx, label, timeout);
    // An answer refused for its size or shape, or cut off, still had a status and headers: the
    // record shows them, and retry safety knows the upstream answered.
    const arrived = response ?? (error instanceof AnswerFailure ? error : undefined);
    const partial = arrived && {
      status: arrived.status,
      headers: arrived instanceof Response ? headerRecord(arrived.headers) : arrived.headers,
      body: undefined,
    };
    record(ctx, target, state, started, partial, failure);
    throw failure;
  } finally {
    timeout.dispose();
  }
}

/** The answer's body: parsed text, or the exact bytes of a file when the request reads `binary`. */
async function bodyOf(
  response: Response,
  target: SendTarget,
  ctx: SendContext,
  headers: Record<string, string>,
): Promise<unknown> {
  if (target.method === 'HEAD') return null;
  if (ctx.request.responseType === 'binary' && !isTextual(headers['content-type'])) {
    return new Uint8Array(await response.arrayBuffer());
  }
  return parseBody(await response.text(), ctx.request.responseType);
}

/** What a send that threw failed with, as the step reports it. */
function sendFailure(
  error: unknown,
  ctx: SendContext,
  label: ExchangeLabel,
  timeout: AttemptSignal,
): StepError {
  const { binding, integration } = ctx.channel;
  // The caller's abort reason (its step's timeout, say) is the caller's to report, not this send's.
  if (isStepError(error) && error !== ctx.signal.reason) return error;
  if (ctx.signal.aborted) {
    return new StepError({ code: 'cancelled', message: `${label.method} ${label.relative} was cancelled` });
  }
  if (timeout.timedOut) {
    return new StepError({
      code: 'timeout',
      message: `${integration.title} did not answer ${label.method} ${label.relative} within ${binding.timeoutMs} ms (timeoutMs)`,
      details: { method: label.method, path: label.relative, timeoutMs: binding.timeoutMs },
    });
  }
  if (error instanceof ResponseTooLarge) return tooLarge(label, binding.maxResponseBytes, error.what);
  if (error instanceof UnusableAnswer) {
    return new StepError({
      code: 'upstream',
      retryable: false,
      message: `${integration.title} answered ${label.method} ${label.relative} ${error.reason}`,
      details: { method: label.method, path: label.relative, status: error.status },
    });
  }
  if (error instanceof AnswerCutOff) return transportError(error.cause, label, binding.baseUrl.host);
  return transportError(error, label, binding.baseUrl.host);
}

function record(
  ctx: SendContext,
  target: SendTarget,
  state: SendState,
  started: number,
  received: ReceivedResponse | undefined,
  failure?: StepError,
): void {
  ctx.sends += 1;
  // A request stopped by a hook (e.g. its credentials could not be refreshed) never left.
  if (!state.sent) return;
  if (state.onEnded) state.onEnded(...sendEnd(received?.status, failure), received?.status);
  if (ctx.onExchange === undefined) return;
  const secretHeaders = new Set([ctx.channel.auth.headerName]);
  const exchange: HttpExchange = {
    method: target.method,
    path: target.relative,
    requestHeaders: redactHeaders(state.sentHeaders ?? {}, secretHeaders),
    attempt: ctx.sends,
    durationMs: Math.max(0, ctx.clock.now() - started),
  };
  const requestBody = target.body === undefined ? undefined : (ctx.request.json ?? target.body);
  if (requestBody !== undefined) exchange.requestBody = recordedBody(requestBody);
  if (received !== undefined) {
    exchange.status = received.status;
    exchange.responseHeaders = redactHeaders(received.headers, secretHeaders);
    if (received.body !== undefined) exchange.responseBody = recordedBody(received.body);
  }
  if (failure !== undefined) exchange.error = failure.message;
  try {
    ctx.onExchange(ctx.scrubber.scrubValue(exchange));
  } catch (error) {
    ctx.logger.warn(
      ctx.scrubber.scrub(`An exchange listener failed: ${(error as Error)?.message ?? String(error)}`),
    );
  }
}
