import type { AuthorizeResult, RecordedRequest } from '@toolsteps/emulator';
import type { DirectoryState } from './directory-state.js';
import { invalidApiKey, rateLimited } from './provider-errors.js';

const MINUTE_MS = 60_000;

/**
 * The emulator's gate: a known API key in the provider's header, else 401; then the per-key
 * requests-per-minute limit, when one is set, else 429 with the seconds left in the minute.
 */
export function authorizeProvider(state: DirectoryState) {
  return (request: RecordedRequest): AuthorizeResult => {
    const key = request.headers[state.apiKeyHeader];
    if (key === undefined || !state.keys.has(key)) return invalidApiKey();
    const limit = state.requestsPerMinute;
    if (limit === undefined) return true;
    const now = state.now();
    const held = state.windows.get(key);
    const window: [number, number] = held && now - held[0] < MINUTE_MS ? held : [now, 0];
    if (window[1] >= limit) return rateLimited(Math.max(1, Math.ceil((window[0] + MINUTE_MS - now) / 1000)));
    window[1] += 1;
    state.windows.set(key, window);
    return true;
  };
}
