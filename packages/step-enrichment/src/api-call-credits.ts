import { PROVIDER_BATCH_LIMIT } from './bulk-batches.js';
import { DEFAULTS } from './connection.js';
import { type CreditsJson, creditsOf, PRICES, WORST_CASE } from './credits.js';
import { personOf, personPrice } from './person-shapes.js';

/**
 * The worst case of a POST to a path whose price is not known (a custom search path, an endpoint
 * the provider does not document): the most one provider request charges, a full batch of contacts with
 * phone numbers. An `api_call` may lower it with its `worstCase` input.
 */
export const UNKNOWN_POST_WORST_CASE = WORST_CASE.enrichContacts(PROVIDER_BATCH_LIMIT);

type Priced = 'person' | 'company' | 'person/bulk' | 'company/bulk' | 'search';

export interface ApiCallRequest {
  method: 'GET' | 'POST';
  endpoint: string;
  body?: unknown;
  worstCase?: number;
}

/**
 * The provider's charged operations, by path: POST /person 2, /company 1, /person/bulk 2 per
 * record, /company/bulk 1 per record, a search page 1 (default search paths only: the step cannot
 * see the account's settings when budgets are checked). A GET costs 0 unless it names a charged path.
 */
export function apiCallWorstCase({ method, endpoint, body, worstCase }: ApiCallRequest): number {
  const priced = pricedPath(endpoint);
  const records = Array.isArray(body) ? body.length : undefined;
  switch (priced) {
    case 'person':
      return WORST_CASE.findContact();
    case 'company':
      return WORST_CASE.findCompany();
    case 'search':
      return WORST_CASE.searchPage();
    case 'person/bulk':
      if (method === 'POST' && records !== undefined) return WORST_CASE.enrichContacts(records);
      break;
    case 'company/bulk':
      if (method === 'POST' && records !== undefined) return WORST_CASE.enrichCompanies(records);
      break;
    case undefined:
      if (method === 'GET') return 0;
  }
  return worstCase ?? UNKNOWN_POST_WORST_CASE;
}

/**
 * What an answer without `X-Credits-Used` cost, by the same rules read from its body: a matched
 * person 1 or 2, a company 1, each matched bulk record its price, a search page with results 1, no
 * match 0; an answer whose price cannot be read counts its worst case.
 */
export function apiCallCredits(
  request: ApiCallRequest,
  answer: { headers: Record<string, string>; body: unknown; noMatch: boolean },
): CreditsJson {
  return creditsOf(answer.headers, answer.noMatch ? 0 : estimate(request, answer.body));
}

function estimate(request: ApiCallRequest, body: unknown): number {
  const worstCase = apiCallWorstCase(request);
  if (worstCase === 0) return 0;
  const answer = (body ?? {}) as { person?: unknown; company?: unknown; results?: unknown };
  const results = Array.isArray(answer.results) ? (answer.results as Record<string, unknown>[]) : undefined;
  switch (pricedPath(request.endpoint)) {
    case 'person':
      return answer.person ? personPrice(personOf(answer.person)) : 0;
    case 'company':
      return answer.company ? PRICES.company : 0;
    case 'search':
      return results ? (results.length > 0 ? PRICES.searchPage : 0) : worstCase;
    case 'person/bulk':
      return results
        ? results.reduce(
            (sum, result) => sum + (result?.matched ? personPrice(personOf(result.person)) : 0),
            0,
          )
        : worstCase;
    case 'company/bulk':
      return results ? results.filter((result) => result?.matched).length * PRICES.company : worstCase;
    default:
      return worstCase;
  }
}

/** The charged operation an endpoint names, if any: its decoded path without query, slashes at the ends, or case. */
function pricedPath(endpoint: string): Priced | undefined {
  let path = endpoint.replace(/[?#].*$/s, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape names no charged path; a POST to it counts the unknown worst case.
  }
  path = path.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (path === 'person' || path === 'company' || path === 'person/bulk' || path === 'company/bulk')
    return path;
  const searchPaths = [DEFAULTS.personSearchPath, DEFAULTS.companySearchPath].map((each) =>
    each.slice(1).toLowerCase(),
  );
  return searchPaths.includes(path) ? 'search' : undefined;
}
