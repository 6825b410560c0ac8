import type { Context } from '@toolsteps/emulator';
import type { RouteModule } from '../github-route-module.js';
import { GithubApiError, validationFailed } from '../shared/github-api-error.js';
import { paginate } from '../shared/github-pagination.js';
import { optional, queryParam, readJson } from '../shared/github-request.js';
import { hasPermission, refuseIfArchived } from '../shared/repository-access.js';
import { applyIssueChanges } from './issue-changes.js';
import { assigneeLogins, checkAssignees, labelNames, milestoneOf, titleOf } from './issue-fields.js';
import { issueJson } from './issue-json.js';
import { issueOf, repoOf } from './issue-lookup.js';
import { directionOf, issueSortOf, sortIssues } from './issue-order.js';
import type { IssueRecord } from './issues-store.js';
import { emitIssueChanges, emitIssueOpened, snapshotIssue } from './webhook-issue-events.js';

/** Create, list, read and update issues (pull requests answer here too, in their issue view). */
export const issueRoutes: RouteModule = (api, state) => {
  api.post('/repos/:owner/:repo/issues', async (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    refuseIfArchived(repo);
    if (!repo.has_issues) throw new GithubApiError(410, 'Issues are disabled for this repo');
    const body = await readJson(c);
    const title = titleOf(body, true) as string;
    const text = optional<string>(body, 'body', 'string', 'Issue');
    const labels = labelNames(body.labels);
    const logins = assigneeLogins(body);
    const milestone = milestoneOf(s, key, body);
    // Without push access GitHub keeps the issue and silently drops labels, assignees and milestone.
    const manages = hasPermission(s, repo, caller.login, 'push');
    const assignees = manages && logins !== undefined ? checkAssignees(s, repo, logins) : undefined;
    const issue = s.issues.create(key, {
      title,
      body: text,
      user: caller.login,
      ...(manages ? { labels, assignees, milestone } : {}),
    });
    const json = issueJson(c, s, repo, issue);
    emitIssueOpened(c, s, repo, issue);
    return c.json(json, 201, { location: json.url });
  });

  api.get('/repos/:owner/:repo/issues', (c) => {
    const s = state();
    const { repo, key } = repoOf(c, s);
    const matches = listFilter(c);
    const sort = issueSortOf(queryParam(c, 'sort'), 'Issue') ?? 'created';
    const direction = directionOf(queryParam(c, 'direction'), 'direction', 'Issue');
    const entries = s.issues
      .list(key)
      .filter(matches)
      .map((issue) => ({ issue }));
    const page = paginate(c, sortIssues(entries, sort, direction));
    return c.json(page.map(({ issue }) => issueJson(c, s, repo, issue)));
  });

  api.get('/repos/:owner/:repo/issues/:issue_number', (c) => {
    const s = state();
    const { repo, key } = repoOf(c, s);
    return c.json(issueJson(c, s, repo, issueOf(c, s, key)));
  });

  api.patch('/repos/:owner/:repo/issues/:issue_number', async (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    const issue = issueOf(c, s, key);
    refuseIfArchived(repo);
    const before = snapshotIssue(issue);
    applyIssueChanges(s, repo, key, issue, caller.login, await readJson(c));
    emitIssueChanges(c, s, repo, issue, before);
    return c.json(issueJson(c, s, repo, issue));
  });
};

/** The query filters of GET /repos/{owner}/{repo}/issues, as one predicate. */
function listFilter(c: Context): (issue: IssueRecord) => boolean {
  const wantedState = queryParam(c, 'state') ?? 'open';
  if (!['open', 'closed', 'all'].includes(wantedState)) {
    throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'state', value: wantedState });
  }
  const labels = queryParam(c, 'labels')
    ?.split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const assignee = queryParam(c, 'assignee')?.toLowerCase();
  const creator = queryParam(c, 'creator')?.toLowerCase();
  const mentioned = queryParam(c, 'mentioned')?.toLowerCase();
  const milestone = queryParam(c, 'milestone');
  const since = queryParam(c, 'since');
  const sinceTime = since === undefined ? undefined : Date.parse(since);
  if (sinceTime !== undefined && Number.isNaN(sinceTime)) {
    throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'since', value: since });
  }
  return (issue) => {
    const assignees = issue.assignees.map((login) => login.toLowerCase());
    return (
      (wantedState === 'all' || issue.state === wantedState) &&
      (labels === undefined ||
        labels.every((name) => issue.labels.some((label) => label.toLowerCase() === name))) &&
      (assignee === undefined ||
        (assignee === '*'
          ? assignees.length > 0
          : assignee === 'none'
            ? assignees.length === 0
            : assignees.includes(assignee))) &&
      (creator === undefined || issue.user.toLowerCase() === creator) &&
      (mentioned === undefined || mentions(issue, mentioned)) &&
      (milestone === undefined ||
        (milestone === '*'
          ? issue.milestone !== null
          : milestone === 'none'
            ? issue.milestone === null
            : issue.milestone === Number(milestone))) &&
      (sinceTime === undefined || Date.parse(issue.updated_at) >= sinceTime)
    );
  };
}

function mentions(issue: IssueRecord, login: string): boolean {
  const pattern = new RegExp(`(^|[^\\w-])@${login.replace(/[^\w-]/g, '')}\\b`, 'i');
  return [issue.body ?? '', ...issue.comments.map((comment) => comment.body)].some((text) =>
    pattern.test(text),
  );
}
