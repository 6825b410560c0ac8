import { StepError } from '@toolsteps/sdk';

/** A `type:` keyword anywhere in a query, negated or not: `type:ticket`, `-type:user`. */
const TYPE_TERM = /(^|\s)-?type:("[^"]*"|\S*)/gi;

/**
 * The query as the search endpoint gets it: `type:ticket` put first when the query names no type,
 * so only tickets come back. A query naming another type is refused: this step returns tickets.
 */
export function ticketSearchQuery(query: string, field = '/args/query'): string {
  const types = [...query.matchAll(TYPE_TERM)].map((match) => match[2].replace(/"/g, '').toLowerCase());
  if (types.length === 0) return `type:ticket ${query.trim()}`.trim();
  const other = types.find((type) => type !== 'ticket');
  if (other !== undefined) {
    throw new StepError({
      code: 'validation',
      field,
      message: `The query names type:${other}, but this step finds tickets only: drop the type: keyword (type:ticket is added), or search other records with the API Call step (GET /api/v2/search.json); nothing was sent`,
    });
  }
  return query.trim();
}

/**
 * The query as the export search takes it: without `type:` (it takes the type as
 * `filter[type]=ticket` and refuses type: in the query). It needs a query, so one that only named
 * the type becomes `created>1970-01-01`, which every ticket matches.
 */
export function ticketExportQuery(query: string): string {
  const rest = query.replace(TYPE_TERM, ' ').replace(/\s+/g, ' ').trim();
  return rest === '' ? 'created>1970-01-01' : rest;
}
