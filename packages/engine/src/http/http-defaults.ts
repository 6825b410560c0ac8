import { type HttpBinding, type RateLimitSpec, StepError } from '@toolsteps/sdk';

/** A binding with every default filled in and its base URL parsed. */
export interface ResolvedBinding {
  baseUrl: URL;
  /** The binding's named other roots, parsed. */
  endpoints: ReadonlyMap<string, URL>;
  headers: Record<string, string>;
  timeoutMs: number;
  maxResponseBytes: number;
  maxAttempts: number;
  maxRetryDelayMs: number;
  rateLimit?: RateLimitSpec;
  rateLimitRefusal?: HttpBinding['rateLimitRefusal'];
  quotaOf?: HttpBinding['quotaOf'];
}

export const HTTP_DEFAULTS = {
  timeoutMs: 30_000,
  maxResponseBytes: 10 * 1024 * 1024,
  maxAttempts: 4,
  maxRetryDelayMs: 60_000,
} as const;

/** Fills in defaults and refuses a binding that could not address or bound a request. */
export function resolveBinding(binding: HttpBinding, integrationTitle: string): ResolvedBinding {
  const invalid = (what: string) =>
    new StepError({ code: 'validation', message: `${integrationTitle}'s HTTP binding is invalid: ${what}` });
  const root = (name: string, value: string): URL => {
    if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) {
      throw invalid(`${name} "${value}" is not an absolute http(s) URL`);
    }
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) {
      throw invalid(`${name} must not carry a query, a fragment or user info`);
    }
    return url;
  };
  const baseUrl = root('baseUrl', binding.baseUrl);
  const endpoints = new Map(
    Object.entries(binding.endpoints ?? {}).map(([name, url]) => [name, root(`endpoints.${name}`, url)]),
  );
  const positive = (name: keyof typeof HTTP_DEFAULTS): number => {
    const value = binding[name] ?? HTTP_DEFAULTS[name];
    if (!(Number.isFinite(value) && value > 0))
      throw invalid(`${name} must be a positive number, got ${value}`);
    return value;
  };
  const maxAttempts = positive('maxAttempts');
  if (!Number.isInteger(maxAttempts)) throw invalid(`maxAttempts must be a whole number, got ${maxAttempts}`);
  return {
    baseUrl,
    endpoints,
    headers: { ...binding.headers },
    timeoutMs: positive('timeoutMs'),
    maxResponseBytes: positive('maxResponseBytes'),
    maxAttempts,
    maxRetryDelayMs: positive('maxRetryDelayMs'),
    rateLimit: binding.rateLimit,
    rateLimitRefusal: binding.rateLimitRefusal,
    quotaOf: binding.quotaOf,
  };
}
