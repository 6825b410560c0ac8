import { type StepContext, StepError, Type } from '@toolsteps/sdk';
import { searchPathOf } from './connection.js';
import { type CreditsJson, creditsOf, PRICES, reportCredits } from './credits.js';
import { providerRequest } from './enrichment-call.js';

export const MAX_PER_PAGE = 100;

/** Paging inputs shared by both searches. */
export const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, description: 'Which page, from 1 (default 1)' })),
  perPage: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PER_PAGE,
      description: `Results per page, 1 to ${MAX_PER_PAGE} (default 25)`,
    }),
  ),
};

/** Paging outputs shared by both searches. */
export const PageInfo = {
  page: Type.Integer(),
  perPage: Type.Integer(),
  total: Type.Integer({ description: 'Matches across all pages' }),
  hasMore: Type.Boolean({ description: 'true when a later page holds more: ask again with page + 1' }),
};

const SearchAnswer = Type.Object({
  results: Type.Array(Type.Unknown()),
  page: Type.Integer(),
  perPage: Type.Integer(),
  total: Type.Integer(),
});

export interface SearchOutcome {
  results: unknown[];
  page: number;
  perPage: number;
  total: number;
  hasMore: boolean;
  credits: CreditsJson;
}

/**
 * One page of a search at the account's search path (a setting: the provider does not name them), POSTed
 * with the criteria as JSON. At least one criterion is needed, so a search never lists (and
 * charges for) the whole directory by mistake. No match is an empty page, never an error.
 */
export async function searchPage(
  ctx: StepContext,
  kind: 'person' | 'company',
  criteria: Record<string, unknown>,
  paging: { page?: number; perPage?: number },
): Promise<SearchOutcome> {
  const given = Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined));
  if (Object.keys(given).length === 0)
    throw new StepError({
      code: 'validation',
      field: '/args',
      message: `Give at least one search criterion (${Object.keys(criteria).join(', ')}); nothing was sent`,
    });
  const page = paging.page ?? 1;
  const perPage = paging.perPage ?? 25;
  const answer = await providerRequest<{ results: unknown[]; total: number }>(ctx, {
    method: 'POST',
    path: searchPathOf(ctx.account, kind),
    json: { ...given, page, perPage },
    expect: SearchAnswer,
  });
  const results = answer.noMatch ? [] : answer.body.results;
  const total = answer.noMatch ? 0 : answer.body.total;
  return {
    results,
    page,
    perPage,
    total,
    hasMore: page * perPage < total,
    credits: reportCredits(ctx, creditsOf(answer.headers, results.length > 0 ? PRICES.searchPage : 0)),
  };
}
