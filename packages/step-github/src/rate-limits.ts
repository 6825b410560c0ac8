import type { AnswerView, RateLimitRefusal } from '@toolsteps/sdk';

/** GitHub documents no fixed wait for a secondary limit without Retry-After: "at least one minute". */
const SECONDARY_LIMIT_MIN_WAIT_MS = 60_000;

/**
 * GitHub's secondary limits answer 403 or 429 with a message (today "secondary rate limit", once
 * "abuse detection mechanism") and sometimes no Retry-After; so does any 429. GitHub says to wait at
 * least a minute then. A 403 that says anything else is a real refusal and stays `forbidden`.
 */
export function secondaryRateLimit(answer: AnswerView): RateLimitRefusal | undefined {
  if (answer.status === 429) return { minWaitMs: SECONDARY_LIMIT_MIN_WAIT_MS };
  if (answer.status !== 403) return undefined;
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && /secondary rate limit|abuse detection/i.test(message)
    ? { minWaitMs: SECONDARY_LIMIT_MIN_WAIT_MS }
    : undefined;
}

/** REST, search and GraphQL calls are counted against separate quotas (`x-ratelimit-resource`). */
export function githubQuota(request: { path: string; endpoint?: string }): string {
  if (request.endpoint === 'graphql') return 'graphql';
  return request.path.startsWith('/search/') ? 'search' : 'core';
}
