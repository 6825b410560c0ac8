/** The path of each request the account-wide limit counts: the API, not the token endpoint or attachment content. */
const COUNTED = /^\/api\/v2\//;
const MINUTE_MS = 60_000;

/** What the limit says of one request: the headers of its answer, and whether it is refused (429). */
export interface RateLimitVerdict {
  refused: boolean;
  headers: Record<string, string>;
}

/**
 * Zendesk's account-wide limit on API requests per minute, counted in the minutes of the emulator's
 * clock. Every answer it counts carries the account's limit headers (`X-Rate-Limit`,
 * `X-Rate-Limit-Remaining` and their `ratelimit-*` forms, `ratelimit-reset` in seconds); a request past
 * the limit is refused with `Retry-After`, the seconds to the next minute. No limit: no headers.
 */
export class RequestRateLimit {
  #window = Number.NaN;
  #used = 0;

  constructor(
    private readonly now: () => number,
    private limit: number | undefined,
  ) {
    RequestRateLimit.check(limit);
  }

  /** Changes the limit; requests already counted this minute still count. `undefined` lifts it. */
  setLimit(limit: number | undefined): void {
    RequestRateLimit.check(limit);
    this.limit = limit;
  }

  /** Forgets this minute's count, as a new minute would. */
  restart(): void {
    this.#window = Number.NaN;
    this.#used = 0;
  }

  /** Counts one request, unless the limit is lifted or the path is not the API's. */
  take(path: string): RateLimitVerdict | undefined {
    if (this.limit === undefined || !COUNTED.test(path)) return undefined;
    const now = this.now();
    const window = Math.floor(now / MINUTE_MS);
    if (window !== this.#window) {
      this.#window = window;
      this.#used = 0;
    }
    const refused = this.#used >= this.limit;
    if (!refused) this.#used += 1;
    const resetS = String(Math.max(1, Math.ceil(((window + 1) * MINUTE_MS - now) / 1000)));
    const limit = String(this.limit);
    const remaining = String(this.limit - this.#used);
    return {
      refused,
      headers: {
        'x-rate-limit': limit,
        'x-rate-limit-remaining': remaining,
        'ratelimit-limit': limit,
        'ratelimit-remaining': remaining,
        'ratelimit-reset': resetS,
        ...(refused ? { 'retry-after': resetS } : {}),
      },
    };
  }

  private static check(limit: number | undefined): void {
    if (limit !== undefined && !(Number.isSafeInteger(limit) && limit > 0))
      throw new Error(`requestsPerMinute must be a positive whole number, not ${limit}`);
  }
}

/** Zendesk's 429: a plain-text sentence, not its JSON error body. */
export function tooManyRequests(headers: Record<string, string>): Response {
  return new Response('Number of allowed API requests per minute exceeded', {
    status: 429,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  });
}

/** An answer with the limit's headers added. */
export function withRateLimitHeaders(response: Response, verdict: RateLimitVerdict | undefined): Response {
  if (verdict === undefined) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(verdict.headers)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
