import type { RouteModule } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { notFound, validationFailed } from '../shared/github-api-error.js';
import type { Repository } from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { readJson } from '../shared/github-request.js';
import { hasPermission, isAssignable, refuseIfArchived } from '../shared/repository-access.js';
import { issueJson, userJson } from './issue-json.js';
import { issueOf, repoOf } from './issue-lookup.js';
import { emitIssueChanges, snapshotIssue } from './webhook-issue-events.js';

/** Who can be assigned, and adding or removing assignees of one issue. */
export const assigneeRoutes: RouteModule = (api, state) => {
  api.get('/repos/:owner/:repo/assignees', (c) => {
    const s = state();
    const { repo } = repoOf(c, s);
    return c.json(paginate(c, assignableLogins(s, repo)).map((login) => userJson(c, s, login)));
  });

  api.get('/repos/:owner/:repo/assignees/:assignee', (c) => {
    const s = state();
    const { repo } = repoOf(c, s);
    if (!isAssignable(s, repo, c.req.param('assignee'))) throw notFound();
    return c.body(null, 204);
  });

  // Without push access, or for users who cannot be assigned, GitHub silently changes nothing.
  for (const method of ['post', 'delete'] as const) {
    api[method]('/repos/:owner/:repo/issues/:issue_number/assignees', async (c) => {
      const s = state();
      const { repo, key, caller } = repoOf(c, s);
      const issue = issueOf(c, s, key);
      refuseIfArchived(repo);
      const logins = (await readJson(c)).assignees;
      if (!Array.isArray(logins) || logins.some((login) => typeof login !== 'string')) {
        throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'assignees', value: logins });
      }
      if (hasPermission(s, repo, caller.login, 'push')) {
        const before = snapshotIssue(issue);
        const named = new Set((logins as string[]).map((login) => login.toLowerCase()));
        if (method === 'delete') {
          issue.assignees = issue.assignees.filter((login) => !named.has(login.toLowerCase()));
        } else {
          const added = (logins as string[]).filter((login) => isAssignable(s, repo, login));
          const present = new Set(issue.assignees.map((login) => login.toLowerCase()));
          for (const login of added) {
            const canonical = s.account(login)?.login ?? login;
            if (!present.has(canonical.toLowerCase())) issue.assignees.push(canonical);
            present.add(canonical.toLowerCase());
          }
        }
        s.issues.touch(issue);
        emitIssueChanges(c, s, repo, issue, before);
      }
      return c.json(issueJson(c, s, repo, issue), method === 'post' ? 201 : 200);
    });
  }
};

/** The owner (a user) or the owning organization's members, and collaborators with push access. */
function assignableLogins(s: GithubState, repo: Repository): string[] {
  const owner = s.account(repo.owner);
  const candidates = [
    ...(owner?.type === 'User' ? [owner.login] : (owner?.members ?? [])),
    ...repo.collaborators.keys(),
  ];
  const logins = candidates
    .filter((login) => isAssignable(s, repo, login))
    .map((login) => s.account(login)?.login ?? login);
  return [...new Set(logins)].sort((a, b) => a.localeCompare(b));
}
