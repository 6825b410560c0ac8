import { GithubApiError } from './github-api-error.js';

/** GitHub's rate-limit resources: REST calls, search calls and GraphQL calls are counted apart. */
export type QuotaResource = 'core' | 'search' | 'graphql';

interface Window {
  limit: number;
  used: number;
  /** Epoch seconds when `used` goes back to 0. */
  reset: number;
}

/** What a test sets: e.g. `{ remaining: 0, resetInS: 2 }` to exhaust the core quota for two seconds. */
export interface QuotaSetting {
  resource?: QuotaResource;
  limit?: number;
  remaining?: number;
  resetInS?: number;
}

/** The next answers refused for a secondary rate limit (abuse detection). */
export interface SecondaryLimitSetting {
  /** How many requests are refused; default 1. */
  times?: number;
  /** Sent as `retry-after` when given; GitHub sometimes omits it. */
  retryAfterS?: number;
  /** 403 (default) or 429: GitHub documents both. */
  status?: 403 | 429;
}

const DEFAULT_LIMITS: Record<QuotaResource, { limit: number; windowS: number }> = {
  core: { limit: 5000, windowS: 3600 },
  search: { limit: 30, windowS: 60 },
  graphql: { limit: 5000, windowS: 3600 },
};

export const SECONDARY_LIMIT_MESSAGE =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

/** Per-user primary quotas and injected secondary limits, with the `x-ratelimit-*` headers they produce. */
export class GithubQuotas {
  readonly #windows = new Map<string, Window>();
  #secondary: Required<Omit<SecondaryLimitSetting, 'retryAfterS'>> & { retryAfterS?: number } = {
    times: 0,
    status: 403,
  };

  constructor(private readonly now: () => number) {}

  set(login: string, setting: QuotaSetting): void {
    const resource = setting.resource ?? 'core';
    const window = this.#window(login, resource);
    if (setting.limit !== undefined) window.limit = setting.limit;
    if (setting.remaining !== undefined) window.used = Math.max(0, window.limit - setting.remaining);
    if (setting.resetInS !== undefined) window.reset = Math.ceil(this.now() / 1000 + setting.resetInS);
  }

  secondaryLimit(setting: SecondaryLimitSetting): void {
    this.#secondary = {
      times: setting.times ?? 1,
      status: setting.status ?? 403,
      retryAfterS: setting.retryAfterS,
    };
  }

  clear(): void {
    this.#windows.clear();
    this.#secondary = { times: 0, status: 403 };
  }

  /**
   * Counts one request, or refuses it: first a pending secondary limit, then an exhausted primary
   * quota (403 with `x-ratelimit-remaining: 0`). Returns the headers every answer carries.
   */
  consume(login: string, resource: QuotaResource): Record<string, string> {
    if (this.#secondary.times > 0) {
      this.#secondary.times -= 1;
      const { retryAfterS, status } = this.#secondary;
      throw new GithubApiError(
        status,
        SECONDARY_LIMIT_MESSAGE,
        undefined,
        retryAfterS === undefined ? {} : { 'retry-after': String(retryAfterS) },
      );
    }
    const window = this.#window(login, resource);
    if (window.used >= window.limit) {
      throw new GithubApiError(
        403,
        `API rate limit exceeded for user ${login}.`,
        undefined,
        this.headers(login, resource),
      );
    }
    window.used += 1;
    return this.headers(login, resource);
  }

  headers(login: string, resource: QuotaResource): Record<string, string> {
    const window = this.#window(login, resource);
    return {
      'x-ratelimit-limit': String(window.limit),
      'x-ratelimit-remaining': String(Math.max(0, window.limit - window.used)),
      'x-ratelimit-used': String(window.used),
      'x-ratelimit-reset': String(window.reset),
      'x-ratelimit-resource': resource,
    };
  }

  /** The `/rate_limit` view of one user's quotas. */
  snapshot(
    login: string,
  ): Record<QuotaResource, { limit: number; used: number; remaining: number; reset: number }> {
    const view = (resource: QuotaResource) => {
      const { limit, used, reset } = this.#window(login, resource);
      return { limit, used, remaining: Math.max(0, limit - used), reset };
    };
    return { core: view('core'), search: view('search'), graphql: view('graphql') };
  }

  #window(login: string, resource: QuotaResource): Window {
    const key = `${login.toLowerCase()}\u0000${resource}`;
    const nowS = this.now() / 1000;
    let window = this.#windows.get(key);
    if (window === undefined || nowS >= window.reset) {
      const { limit, windowS } = DEFAULT_LIMITS[resource];
      window = { limit: window?.limit ?? limit, used: 0, reset: Math.ceil(nowS + windowS) };
      this.#windows.set(key, window);
    }
    return window;
  }
}
