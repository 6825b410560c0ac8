import type { RouteModule } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { issueSearchItemJson } from '../issues/issue-json.js';
import { directionOf, issueSortOf, sortIssues } from '../issues/issue-order.js';
import { validationFailed } from '../shared/github-api-error.js';
import { callerOf } from '../shared/github-caller.js';
import type { GithubAccount } from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { queryParam } from '../shared/github-request.js';
import { matcher, parseSearchQuery, type SearchQuery, scoreOf } from './search-query.js';

const MAX_QUERY_LENGTH = 256;
/** GitHub serves the first 1,000 results of a search, however many match (`total_count` counts all). */
const SEARCH_RESULTS_AVAILABLE = 1_000;

/** GET /search/issues: issues and pull requests of every repository the caller can see. */
export const searchRoutes: RouteModule = (api, state) => {
  api.get('/search/issues', (c) => {
    const s = state();
    const caller = callerOf(c);
    const q = queryParam(c, 'q');
    if (q === undefined) throw validationFailed({ resource: 'Search', field: 'q', code: 'missing' });
    if (q.length > MAX_QUERY_LENGTH) {
      throw validationFailed({
        resource: 'Search',
        field: 'q',
        code: 'invalid',
        message: `The search is longer than ${MAX_QUERY_LENGTH} characters.`,
      });
    }
    const sort = issueSortOf(queryParam(c, 'sort'), 'Search');
    const order = directionOf(queryParam(c, 'order'), 'order', 'Search');
    const query = parseSearchQuery(q);
    checkScopes(s, caller, query);
    const matches = matcher(query);
    const found = [];
    for (const [repoKey, issues] of s.issues.entries()) {
      const repo = s.repositories.get(repoKey);
      if (repo === undefined || (repo.private && s.permissionOf(repo, caller.login) === undefined)) continue;
      for (const issue of issues) {
        const milestone = issue.milestone === null ? undefined : s.milestones.find(repoKey, issue.milestone);
        if (!matches({ repoKey, issue, milestone: milestone?.title })) continue;
        found.push({ repo, issue, score: scoreOf(query, issue) });
      }
    }
    // Without `sort`, best match first; `order` only applies to an explicit sort, as documented.
    const sorted =
      sort === undefined
        ? found.sort((a, b) => b.score - a.score || b.issue.created_at.localeCompare(a.issue.created_at))
        : sortIssues(found, sort, order);
    const page = paginate(c, sorted, { available: SEARCH_RESULTS_AVAILABLE });
    return c.json({
      total_count: sorted.length,
      incomplete_results: false,
      search_type: 'lexical',
      items: page.map(({ repo, issue, score }) => issueSearchItemJson(c, s, repo, issue, score)),
    });
  });
};

/** `repo:`, `org:` and `user:` must name something the caller can see, else GitHub's 422. */
function checkScopes(s: GithubState, caller: GithubAccount, query: SearchQuery): void {
  for (const { key, value } of query.qualifiers) {
    if (key !== 'repo' && key !== 'org' && key !== 'user') continue;
    const [owner, name, rest] = value.split('/');
    const repo =
      key === 'repo' && name !== undefined && rest === undefined ? s.repository(owner, name) : undefined;
    const visible =
      key === 'repo'
        ? repo !== undefined && (!repo.private || s.permissionOf(repo, caller.login) !== undefined)
        : value !== '' &&
          s.account(value) !== undefined &&
          (key === 'user' || s.account(value)?.type === 'Organization');
    if (!visible) {
      throw validationFailed({
        resource: 'Search',
        field: 'q',
        code: 'invalid',
        message:
          'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
      });
    }
  }
}
