import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { listPages, NextPage, PageInput } from '../github-pages.js';
import { IssueForModel, issueForModel } from '../issue-for-model.js';
import { Issue } from '../issue-shapes.js';

const SORTS = [
  'created',
  'updated',
  'comments',
  'reactions',
  'reactions-+1',
  'reactions--1',
  'reactions-smile',
  'reactions-thinking_face',
  'reactions-heart',
  'reactions-tada',
  'interactions',
] as const;

/** A found issue: GitHub leaves `body` out of search items when it is empty. */
const SearchItem = Type.Composite([
  Type.Omit(Issue, ['body']),
  Type.Object({
    body: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    score: Type.Number({ description: 'Relevance' }),
  }),
]);

/** GitHub answers 422 for any page past the 1,000th result of a search, whatever the total. */
const SEARCH_RESULTS_CAP = 1_000;

/** One page of search results, as the step reads it. */
const SearchPage = Type.Object({
  total_count: Type.Integer(),
  incomplete_results: Type.Boolean(),
  items: Type.Array(SearchItem),
});
type SearchPage = Static<typeof SearchPage>;

export const searchIssues = defineStep({
  id: 'github.search_issues',
  title: 'Search Issues and Pull Requests',
  description:
    'Finds issues and pull requests across the repositories the account can see, with GitHub’s search syntax: words plus qualifiers such as repo:owner/name, is:issue, is:pr, is:open, label:"good first issue", author:login, assignee:login. GitHub serves only the first 1,000 results of a search: `capped` says when more matched.',
  effect: 'read',
  input: Type.Object(
    {
      q: Type.String({
        minLength: 1,
        maxLength: 256,
        pattern: '\\S',
        description: 'The search, e.g. repo:octo-org/hello-world is:issue is:open label:bug crash',
      }),
      sort: Type.Optional(
        Type.Union(
          SORTS.map((sort) => Type.Literal(sort)),
          { description: 'Sort by this instead of best match' },
        ),
      ),
      order: Type.Optional(
        Type.Union([Type.Literal('desc'), Type.Literal('asc')], {
          description: 'With sort: desc (default) or asc',
        }),
      ),
      ...PageInput,
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    total_count: Type.Integer({ description: 'How many issues and pull requests match, across every page' }),
    incomplete_results: Type.Boolean({
      description: 'True when GitHub timed out before finding every match',
    }),
    items: Type.Array(SearchItem),
    next_page: NextPage,
    capped: Type.Boolean({
      description: `True when more match than GitHub serves (the first ${SEARCH_RESULTS_CAP}) and the listing reached that cap; narrow the query, e.g. with created: ranges, to see the rest`,
    }),
  }),
  forModel: {
    output: Type.Object({
      total_count: Type.Integer(),
      items: Type.Array(IssueForModel),
      next_page: NextPage,
      capped: Type.Boolean(),
    }),
    project: ({ total_count, items, next_page, capped }) => ({
      total_count,
      items: items.map(issueForModel),
      ...(next_page === undefined ? {} : { next_page }),
      capped,
    }),
  },
  run: async ({ q, sort, order, per_page, page, all, limit }, ctx) => {
    const listed = await listPages(
      ctx,
      'search/issues',
      { q, sort, order },
      { per_page, page, all, limit },
      { itemsOf: (body) => (body as SearchPage).items, reachable: SEARCH_RESULTS_CAP, expect: SearchPage },
    );
    const first = listed.first as SearchPage;
    return {
      total_count: first.total_count,
      incomplete_results: first.incomplete_results,
      items: listed.items,
      ...(listed.next_page === undefined ? {} : { next_page: listed.next_page }),
      // No next page and more matches than the cap: the rest lie past what GitHub will serve.
      capped: listed.next_page === undefined && first.total_count > SEARCH_RESULTS_CAP,
    };
  },
});
