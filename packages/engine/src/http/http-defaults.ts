import type { HttpBinding, RateLimitSpec } from '../contracts/integration.js';
import { StepError } from '../contracts/step-error.js';

/** A binding with every default filled in and its base URL parsed. */
export interface ResolvedBinding {
  baseUrl: URL;
  headers: Record<string, string>;
  timeoutMs: number;
  maxResponseBytes: number;
  maxAttempts: number;
  maxRetryDelayMs: number;
  rateLimit?: RateLimitSpec;
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
  if (!/^https?:\/\//i.test(binding.baseUrl) || !URL.canParse(binding.baseUrl)) {
    throw invalid(`baseUrl "${binding.baseUrl}" is not an absolute http(s) URL`);
  }
  const baseUrl = new URL(binding.baseUrl);
  if (baseUrl.search || baseUrl.hash || baseUrl.username || baseUrl.password) {
    throw invalid('baseUrl must not carry a query, a fragment or user info');
  }
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
    headers: { ...binding.headers },
    timeoutMs: positive('timeoutMs'),
    maxResponseBytes: positive('maxResponseBytes'),
    maxAttempts,
    maxRetryDelayMs: positive('maxRetryDelayMs'),
    rateLimit: binding.rateLimit,
  };
}
