import type { HttpExchange } from '@toolsteps/engine';

/** The query parameters of the search requests a step sent, in order, for tests to read. */
export function searchParams(exchanges: HttpExchange[], endpoint = '/api/v2/search.json'): URLSearchParams[] {
  return exchanges
    .filter((exchange) => exchange.path.startsWith(`${endpoint}?`))
    .map((exchange) => new URL(exchange.path, 'http://zendesk.invalid').searchParams);
}
