import type { Context } from '@toolsteps/emulator';
import type { RouteModule } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { GithubApiError, notAccessible, validationFailed } from '../shared/github-api-error.js';
import { paginate } from '../shared/github-pagination.js';
import { optional, queryParam, readJson, requireString } from '../shared/github-request.js';
import { hasPermission, refuseIfArchived } from '../shared/repository-access.js';
import { commentJson } from './issue-json.js';
import { issueOf, repoOf } from './issue-lookup.js';
import type { IssueRecord } from './issues-store.js';
import { emitCommentCreated } from './webhook-issue-events.js';

const LOCK_REASONS = ['off-topic', 'too heated', 'resolved', 'spam'];

/** The issue of a lock or unlock: only users with push access may do either. */
function lockableIssue(c: Context, s: GithubState): IssueRecord {
  const { repo, key, caller } = repoOf(c, s);
  const issue = issueOf(c, s, key);
  refuseIfArchived(repo);
  if (!hasPermission(s, repo, caller.login, 'push')) throw notAccessible();
  return issue;
}

/** The conversation of an issue or pull request: its comments, and locking it. */
export const commentRoutes: RouteModule = (api, state) => {
  api.post('/repos/:owner/:repo/issues/:issue_number/comments', async (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    const issue = issueOf(c, s, key);
    refuseIfArchived(repo);
    const body = requireString(await readJson(c), 'body', 'IssueComment');
    // A locked conversation only takes comments from collaborators with push access.
    if (issue.locked && !hasPermission(s, repo, caller.login, 'push')) {
      throw new GithubApiError(403, 'Unable to create comment because issue is locked.');
    }
    const comment = s.issues.addComment(issue, caller.login, body);
    const json = commentJson(c, s, repo, issue, comment);
    emitCommentCreated(c, s, repo, issue, comment);
    return c.json(json, 201, { location: json.url });
  });

  api.get('/repos/:owner/:repo/issues/:issue_number/comments', (c) => {
    const s = state();
    const { repo, key } = repoOf(c, s);
    const issue = issueOf(c, s, key);
    const since = queryParam(c, 'since');
    const sinceTime = since === undefined ? undefined : Date.parse(since);
    if (sinceTime !== undefined && Number.isNaN(sinceTime)) {
      throw validationFailed({ resource: 'IssueComment', code: 'invalid', field: 'since', value: since });
    }
    const comments = issue.comments.filter(
      (comment) => sinceTime === undefined || Date.parse(comment.updated_at) >= sinceTime,
    );
    return c.json(paginate(c, comments).map((comment) => commentJson(c, s, repo, issue, comment)));
  });

  api.put('/repos/:owner/:repo/issues/:issue_number/lock', async (c) => {
    const s = state();
    const issue = lockableIssue(c, s);
    const reason = optional<string>(await readJson(c), 'lock_reason', 'string', 'Issue');
    if (reason !== undefined && !LOCK_REASONS.includes(reason)) {
      throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'lock_reason', value: reason });
    }
    issue.locked = true;
    issue.active_lock_reason = reason ?? null;
    s.issues.touch(issue);
    return c.body(null, 204);
  });

  api.delete('/repos/:owner/:repo/issues/:issue_number/lock', (c) => {
    const s = state();
    const issue = lockableIssue(c, s);
    issue.locked = false;
    issue.active_lock_reason = null;
    s.issues.touch(issue);
    return c.body(null, 204);
  });
};
