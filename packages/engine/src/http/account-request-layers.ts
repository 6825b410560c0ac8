import { type HttpRequest, type HttpResponse, type Logger, StepError } from '@toolsteps/sdk';
import type { AuthHeader } from '../auth/account-auth.js';
import type { Clock } from '../ports/clock.js';
import type { HttpClientOptions, SecretScrubber } from '../ports/services.js';
import { refuseForeignCredentials } from '../secrets/refuse-foreign-credentials.js';
import type { AccountChannel } from './account-channel.js';
import { searchableText } from './binary-body.js';
import { checkExpectedAnswer } from './expected-answer.js';
import { MAX_REDIRECTS, redirectTarget } from './follow-redirect.js';
import type { AdmitOptions } from './quota-gate.js';
import { checkRequest } from './request-checks.js';
import { type ReceivedResponse, responseError } from './response-error.js';
import { isSafeToRepeat, mayRetry } from './retry-safety.js';
import { resolveRequestUrl } from './safe-path.js';
import { type SendContext, type SendTarget, sendOnce } from './send-once.js';
import type { SendState } from './sign-request.js';
import { withRetries } from './with-retries.js';

export interface ClientDeps {
  scrubber: SecretScrubber;
  clock: Clock;
  logger: Logger;
}

/** The quota of a binding that does not tell its quotas apart. */
const DEFAULT_QUOTA = 'account';

/** Whether the one renewal a request gets after a 401 was used. */
interface Renewal {
  used: boolean;
  replayed: boolean;
}

/**
 * What a request of `AccountHttpClient` goes through, outermost first: checks and safe path, retry,
 * limiter, 401 renewal, redirects, one send. Loaded with the first request, not with the engine.
 */
export class AccountRequestLayers {
  constructor(
    private readonly channel: () => Promise<AccountChannel>,
    private readonly options: HttpClientOptions,
    private readonly deps: ClientDeps,
  ) {}

  async perform(request: HttpRequest): Promise<HttpResponse> {
    const { signal, effect } = this.options;
    signal.throwIfAborted();
    const channel = await this.channel();
    const checked = checkRequest(request);
    const base = requestRoot(channel, request.endpoint);
    const { url, relative } = resolveRequestUrl(base, request.path, request.query);
    refuseForeignCredentials(
      {
        url: `${url.pathname}${url.search}`,
        body: searchableText(checked.body),
        headers: checked.headers,
        authParams: request.authParams,
      },
      this.deps.scrubber,
      (secret) => channel.auth.ownsCredential(secret) || this.#maySend(secret),
      channel.integration.title,
    );
    const target: SendTarget = { url, relative, method: checked.method, body: checked.body };
    const quota =
      channel.binding.quotaOf?.({ method: checked.method, path: relative, endpoint: request.endpoint }) ??
      DEFAULT_QUOTA;
    // Written out, not spread from deps: a spread followed by more fields is a slow path of Node 20.
    const ctx: SendContext = {
      scrubber: this.deps.scrubber,
      clock: this.deps.clock,
      logger: this.deps.logger,
      channel,
      base,
      quota,
      request,
      headers: checked.headers,
      signal,
      sends: 0,
      onExchange: this.options.onExchange,
      onSent: this.options.onSent,
      beforeWrite: this.options.beforeWrite,
    };
    const renewal: Renewal = { used: false, replayed: false };
    const safeToRepeat = isSafeToRepeat(checked.method, effect, request.retrySafe);
    const { maxAttempts, maxRetryDelayMs } = channel.binding;
    const mutating = checked.method !== 'GET' && checked.method !== 'HEAD' && effect !== 'read';

    const beforeTry = this.options.beforeTry;
    const trying = beforeTry && {
      method: checked.method,
      path: relative,
      safeToRepeat: checked.method === 'GET' || checked.method === 'HEAD' || request.retrySafe === true,
      worstCaseCredits: request.worstCaseCredits,
    };
    const tryOnce = trying
      ? async () => {
          // Before the limiter: a budget wait holds no place in the account's queues.
          const checking = beforeTry(trying);
          if (checking) await checking;
          return this.#admitted(ctx, target, renewal, mutating);
        }
      : () => this.#admitted(ctx, target, renewal, mutating);
    return withRetries(tryOnce, {
      maxAttempts,
      maxRetryDelayMs,
      signal,
      clock: this.deps.clock,
      canRetry: (error) => mayRetry(error, safeToRepeat),
      onRetry: (error, waitMs, next) =>
        this.deps.logger.warn(
          this.deps.scrubber.scrub(
            `${checked.method} ${relative} to ${channel.integration.title} failed (${error.code}${error.status ? ` ${error.status}` : ''}); retrying in ${waitMs} ms, attempt ${next} of ${maxAttempts}`,
          ),
        ),
    });
  }

  /**
   * One attempt once the account lets it go: its quota has room (or its reset is awaited), then the
   * write queue (mutating requests) and the account limiter, each holding its place shared by every
   * process when caps are shared. Closures only where a queue exists: thousands of requests may be
   * waiting at once.
   */
  async #admitted(
    ctx: SendContext,
    target: SendTarget,
    renewal: Renewal,
    mutating: boolean,
  ): Promise<HttpResponse> {
    const { channel, signal } = ctx;
    // What the limiter would do for a request whose signal aborted while it waited to retry.
    signal.throwIfAborted();
    const { quota } = channel;
    if (!quota.admit(ctx.quota, this.deps.clock.now()))
      await quota.awaitReset(ctx.quota, this.#quotaWait(ctx, target));
    if (quota.shared) await quota.awaitShared(ctx.quota, this.#quotaWait(ctx, target));
    // This process's own queues, each with its shared place, then the account's shared rate.
    const { writeLimiter, writeSlot } = channel;
    if (mutating && writeLimiter) {
      // A shared write place is taken inside this process's write queue, before the account queue:
      // waiting for it holds back no reads, and every process takes the two in the same order.
      return writeLimiter.add(
        writeSlot
          ? () => writeSlot(() => this.#limited(ctx, target, renewal, mutating), signal)
          : () => this.#limited(ctx, target, renewal, mutating),
        { signal },
      );
    }
    return this.#limited(ctx, target, renewal, mutating);
  }

  #quotaWait(ctx: SendContext, target: SendTarget): AdmitOptions {
    return {
      clock: this.deps.clock,
      signal: ctx.signal,
      maxWaitMs: ctx.channel.binding.maxRetryDelayMs,
      what: target,
      integrationTitle: ctx.channel.integration.title,
    };
  }

  /** A shared place is asked for within the account queue: at most `concurrency` asks per process. */
  #limited(ctx: SendContext, target: SendTarget, renewal: Renewal, mutating: boolean): Promise<HttpResponse> {
    const { limiter, slot } = ctx.channel;
    if (!limiter) return this.#rated(ctx, target, renewal, mutating);
    return limiter.add(
      slot
        ? () => slot(() => this.#rated(ctx, target, renewal, mutating), ctx.signal)
        : () => this.#rated(ctx, target, renewal, mutating),
      { signal: ctx.signal },
    );
  }

  /**
   * The account's rate shared by every process is asked last, just before the send: whatever waited
   * before (queues, places) cannot bunch requests the shared count let through apart.
   */
  #rated(ctx: SendContext, target: SendTarget, renewal: Renewal, mutating: boolean): Promise<HttpResponse> {
    const { shared } = ctx.channel;
    if (!shared) return this.#attempt(ctx, target, renewal);
    return shared(mutating, ctx.signal).then(() => this.#attempt(ctx, target, renewal));
  }

  /** One attempt: send, and after a 401 renew the credentials once per request and replay. */
  async #attempt(ctx: SendContext, target: SendTarget, renewal: Renewal): Promise<HttpResponse> {
    const accepted = (status: number) => ctx.request.acceptStatus?.includes(status) ?? false;
    let sent = await this.#sendFollowingRedirects(ctx, target, undefined);
    if (sent.response.status === 401 && !accepted(401) && !renewal.used && sent.authHeader) {
      renewal.used = true;
      const renewed = await ctx.channel.auth.renew(sent.authHeader, ctx.request, ctx.signal);
      if (renewed) {
        renewal.replayed = true;
        sent = await this.#sendFollowingRedirects(ctx, target, renewed);
      }
    }
    const { response, last } = sent;
    const label = {
      integrationTitle: ctx.channel.integration.title,
      method: last.method,
      relative: last.relative,
    };
    const ok = response.status >= 200 && response.status < 300;
    if (ok || accepted(response.status)) {
      // Only a 2xx body is the answer the step reads; an accepted error status is the step's to interpret.
      if (ok) checkExpectedAnswer(ctx.request.expect, response.body, label);
      return { status: response.status, headers: response.headers, body: response.body };
    }
    const refusal = ctx.channel.binding.rateLimitRefusal?.(response);
    throw responseError(response, label, {
      now: this.deps.clock.now(),
      afterRenewal: renewal.replayed && response.status === 401,
      refusal,
      scrubber: this.deps.scrubber,
    });
  }

  async #sendFollowingRedirects(
    ctx: SendContext,
    target: SendTarget,
    authHeader: AuthHeader | undefined,
  ): Promise<{ response: ReceivedResponse; authHeader?: AuthHeader; last: SendTarget }> {
    let current = target;
    let header = authHeader;
    for (let hop = 0; ; hop++) {
      const state: SendState = {
        request: ctx.request,
        signal: ctx.signal,
        authHeader: header,
        recordHeaders: ctx.onExchange !== undefined,
      };
      const response = await sendOnce(ctx, current, state);
      header = state.authHeader;
      const accepted = ctx.request.acceptStatus?.includes(response.status) ?? false;
      const next = hop < MAX_REDIRECTS && !accepted ? redirectTarget(response, current, ctx.base) : undefined;
      if (next === undefined) return { response, authHeader: header, last: current };
      current = next;
    }
  }

  /** A secret given to this client alone (a webhook secret for its binding's `register`). */
  #maySend(secret: string): boolean {
    return this.options.sendableSecrets?.includes(secret) ?? false;
  }
}

/** The root a request's path resolves under: the base URL, or one of the binding's named endpoints. */
function requestRoot(channel: AccountChannel, endpoint: string | undefined): URL {
  if (endpoint === undefined) return channel.binding.baseUrl;
  const root = channel.binding.endpoints.get(endpoint);
  if (root !== undefined) return root;
  const known = [...channel.binding.endpoints.keys()];
  throw new StepError({
    code: 'validation',
    message: `${channel.integration.title} has no endpoint "${endpoint}"${known.length > 0 ? `; it has ${known.map((name) => `"${name}"`).join(', ')}` : ''}; nothing was sent`,
  });
}
