import type { AnswerView, RateLimitRefusal } from '@toolsteps/engine';

/** GitHub documents no fixed wait for a secondary limit without Retry-After: "at least one minute". */
const SECONDARY_LIMIT_MIN_WAIT_MS = 60_000;

/**
 * GitHub's secondary (abuse) limits answer 403 or 429 with a message and sometimes no Retry-After;
 * a 403 that says anything else is a real refusal and stays `forbidden`.
 */
export function secondaryRateLimit(answer: AnswerView): RateLimitRefusal | undefined {
  if (answer.status !== 403 && answer.status !== 429) return undefined;
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && /secondary rate limit/i.test(message)
    ? { minWaitMs: SECONDARY_LIMIT_MIN_WAIT_MS }
    : undefined;
}

/** REST, search and GraphQL calls are counted against separate quotas (`x-ratelimit-resource`). */
export function githubQuota(request: { path: string; endpoint?: string }): string {
  if (request.endpoint === 'graphql') return 'graphql';
  return request.path.startsWith('/search/') ? 'search' : 'core';
}
