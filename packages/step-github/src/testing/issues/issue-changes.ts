import type { GithubState } from '../github-state.js';
import { notAccessible, validationFailed } from '../shared/github-api-error.js';
import type { Repository } from '../shared/github-model.js';
import { type JsonObject, optional } from '../shared/github-request.js';
import { hasPermission } from '../shared/repository-access.js';
import {
  assigneeLogins,
  checkAssignees,
  issueStateOf,
  labelNames,
  milestoneOf,
  stateReasonOf,
  titleOf,
} from './issue-fields.js';
import type { IssueRecord, StateReason } from './issues-store.js';

/**
 * PATCH of an issue (or of a pull request through the issues API). Every field is checked before
 * anything changes. Labels, assignees and milestone need push access and are silently dropped
 * without it, as GitHub documents; title, body and state need the author or triage access.
 */
export function applyIssueChanges(
  state: GithubState,
  repo: Repository,
  key: string,
  issue: IssueRecord,
  login: string,
  body: JsonObject,
): void {
  const title = titleOf(body, false);
  const text = 'body' in body ? (optional<string>(body, 'body', 'string', 'Issue') ?? null) : undefined;
  const to = issueStateOf(body);
  const reason = stateReasonOf(body);
  const labels = labelNames(body.labels);
  const logins = assigneeLogins(body);
  const milestone = milestoneOf(state, key, body);
  const manages = hasPermission(state, repo, login, 'push');
  const assignees = manages && logins !== undefined ? checkAssignees(state, repo, logins) : undefined;
  const isAuthor = issue.user.toLowerCase() === login.toLowerCase();
  const edits = title !== undefined || text !== undefined || to !== undefined;
  if (edits && !isAuthor && !hasPermission(state, repo, login, 'triage')) {
    throw notAccessible();
  }
  if (to !== undefined && to !== issue.state) checkStateChange(state, key, issue, to);

  if (title !== undefined) issue.title = title;
  if (text !== undefined) issue.body = text;
  if (manages) {
    if (labels !== undefined) issue.labels = labels.map((name) => state.labels.ensure(key, name).name);
    if (assignees !== undefined) issue.assignees = assignees;
    if (milestone !== undefined) issue.milestone = milestone;
  }
  if (to !== undefined && to !== issue.state) changeState(state, issue, to, login, reason);
  else state.issues.touch(issue);
}

/** Refuses what GitHub refuses: reopening a merged pull request, or one whose branches have another open one. */
export function checkStateChange(
  state: GithubState,
  key: string,
  issue: IssueRecord,
  to: 'open' | 'closed',
): void {
  const pull = issue.pull_request;
  if (to !== 'open' || pull === undefined) return;
  if (pull.merged_at !== null) {
    throw validationFailed({
      resource: 'PullRequest',
      code: 'custom',
      field: 'state',
      message: 'state cannot be changed. The pull request cannot be reopened because it was merged.',
    });
  }
  const twin = state.issues
    .list(key)
    .find(
      (other) =>
        other !== issue &&
        other.state === 'open' &&
        other.pull_request?.head.ref === pull.head.ref &&
        other.pull_request.base.ref === pull.base.ref,
    );
  if (twin !== undefined) {
    throw validationFailed({
      resource: 'PullRequest',
      code: 'custom',
      field: 'state',
      message: `state cannot be changed. There is already an open pull request (#${twin.number}) for these branches.`,
    });
  }
}

export function changeState(
  state: GithubState,
  issue: IssueRecord,
  to: 'open' | 'closed',
  login: string,
  reason: StateReason | undefined,
): void {
  if (to === 'closed')
    state.issues.close(issue, login, reason === 'reopened' ? 'completed' : (reason ?? null));
  else state.issues.reopen(issue);
}
