import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { emitRepositoryEvent } from '../hooks/webhook-events.js';
import { webhookPullJson } from '../pulls/pull-webhook-json.js';
import { type Repository, repoKey } from '../shared/github-model.js';
import { labelJson, userJson } from './issue-json.js';
import { webhookCommentJson, webhookIssueJson } from './issue-webhook-json.js';
import type { CommentRecord, IssueRecord } from './issues-store.js';

/** What an issue looked like before a change, to tell which `issues` events the change makes. */
export interface IssueSnapshot {
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  labels: string[];
  assignees: string[];
}

export function snapshotIssue(issue: IssueRecord): IssueSnapshot {
  return {
    title: issue.title,
    body: issue.body,
    state: issue.state,
    labels: [...issue.labels],
    assignees: [...issue.assignees],
  };
}

/** `issues` opened. Pull requests have their own events; the issues API opens none. */
export function emitIssueOpened(c: Context, state: GithubState, repo: Repository, issue: IssueRecord): void {
  emitRepositoryEvent(c, state, repo, 'issues', () => ({
    action: 'opened',
    issue: webhookIssueJson(c, state, repo, issue),
  }));
}

/**
 * The events one change of an issue makes, in GitHub's order: edited (with `changes`), then each
 * assignee and label added or removed, then closed or reopened. A pull request changed through
 * the issues API (or its own) makes `pull_request` events instead of `issues` ones.
 */
export function emitIssueChanges(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  before: IssueSnapshot,
  extraChanges: Record<string, unknown> = {},
): void {
  const key = repoKey(repo.owner, repo.name);
  const pull = issue.pull_request !== undefined;
  const send = (action: string, extra: () => Record<string, unknown> = () => ({})) =>
    emitRepositoryEvent(c, state, repo, pull ? 'pull_request' : 'issues', () =>
      pull
        ? {
            action,
            number: issue.number,
            pull_request: webhookPullJson(c, state, repo, issue, 'full'),
            ...extra(),
          }
        : { action, issue: webhookIssueJson(c, state, repo, issue), ...extra() },
    );
  const changes = {
    ...(issue.title === before.title ? {} : { title: { from: before.title } }),
    ...(issue.body === before.body ? {} : { body: { from: before.body ?? '' } }),
    ...extraChanges,
  };
  if (Object.keys(changes).length > 0) send('edited', () => ({ changes }));
  const lower = (list: string[]) => new Set(list.map((value) => value.toLowerCase()));
  const [assignedBefore, assignedNow] = [lower(before.assignees), lower(issue.assignees)];
  for (const login of issue.assignees.filter((one) => !assignedBefore.has(one.toLowerCase()))) {
    send('assigned', () => ({ assignee: userJson(c, state, login) }));
  }
  for (const login of before.assignees.filter((one) => !assignedNow.has(one.toLowerCase()))) {
    send('unassigned', () => ({ assignee: userJson(c, state, login) }));
  }
  const [labelsBefore, labelsNow] = [lower(before.labels), lower(issue.labels)];
  const labelOf = (name: string) => {
    const label = state.labels.find(key, name);
    return label === undefined ? {} : { label: labelJson(c, repo, label) };
  };
  for (const name of issue.labels.filter((one) => !labelsBefore.has(one.toLowerCase()))) {
    send('labeled', () => labelOf(name));
  }
  for (const name of before.labels.filter((one) => !labelsNow.has(one.toLowerCase()))) {
    send('unlabeled', () => labelOf(name));
  }
  if (issue.state !== before.state) send(issue.state === 'closed' ? 'closed' : 'reopened');
}

/** `issue_comment` created, on an issue or a pull request's conversation. */
export function emitCommentCreated(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  comment: CommentRecord,
): void {
  emitRepositoryEvent(c, state, repo, 'issue_comment', () => ({
    action: 'created',
    issue: webhookIssueJson(c, state, repo, issue),
    comment: webhookCommentJson(c, state, repo, issue, comment),
  }));
}
