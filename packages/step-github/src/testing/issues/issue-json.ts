import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { accountJson } from '../shared/account-json.js';
import { type Repository, repoKey } from '../shared/github-model.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';
import { authorAssociation } from '../shared/repository-access.js';
import type { CommentRecord, IssueRecord } from './issues-store.js';
import type { LabelRecord } from './labels-store.js';
import type { MilestoneRecord } from './milestones-store.js';

/** GitHub shows a deleted account as `ghost`. */
const GHOST = { id: 10137, node_id: 'MDQ6VXNlcjEwMTM3', login: 'ghost', type: 'User' };

/** The simple-user shape of a login. */
export function userJson(c: Context, state: GithubState, login: string) {
  return accountJson(c, state.account(login) ?? GHOST);
}

export function repoApiUrl(c: Context, repo: Repository): string {
  return `${apiBase(c)}/repos/${repo.owner}/${repo.name}`;
}

export function repoHtmlUrl(c: Context, repo: Repository): string {
  return `${htmlBase(c)}/${repo.owner}/${repo.name}`;
}

export function labelJson(c: Context, repo: Repository, label: LabelRecord) {
  return {
    id: label.id,
    node_id: label.node_id,
    url: `${repoApiUrl(c, repo)}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    description: label.description,
    color: label.color,
    default: label.default,
  };
}

export function milestoneJson(c: Context, state: GithubState, repo: Repository, milestone: MilestoneRecord) {
  const url = `${repoApiUrl(c, repo)}/milestones/${milestone.number}`;
  const issues = state.issues
    .list(repoKey(repo.owner, repo.name))
    .filter((issue) => issue.milestone === milestone.number);
  return {
    url,
    html_url: `${repoHtmlUrl(c, repo)}/milestone/${milestone.number}`,
    labels_url: `${url}/labels`,
    id: milestone.id,
    node_id: milestone.node_id,
    number: milestone.number,
    state: milestone.state,
    title: milestone.title,
    description: milestone.description,
    creator: userJson(c, state, milestone.creator),
    open_issues: issues.filter((issue) => issue.state === 'open').length,
    closed_issues: issues.filter((issue) => issue.state === 'closed').length,
    created_at: milestone.created_at,
    updated_at: milestone.updated_at,
    closed_at: milestone.closed_at,
    due_on: milestone.due_on,
  };
}

/** An issue as GET /repos/{owner}/{repo}/issues/{issue_number} answers; pull requests carry `pull_request`. */
export function issueJson(c: Context, state: GithubState, repo: Repository, issue: IssueRecord) {
  const key = repoKey(repo.owner, repo.name);
  const url = `${repoApiUrl(c, repo)}/issues/${issue.number}`;
  const pull = issue.pull_request;
  const milestone = issue.milestone === null ? undefined : state.milestones.find(key, issue.milestone);
  const assignees = issue.assignees.map((login) => userJson(c, state, login));
  return {
    id: issue.id,
    node_id: issue.node_id,
    url,
    repository_url: repoApiUrl(c, repo),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${repoHtmlUrl(c, repo)}/${pull ? 'pull' : 'issues'}/${issue.number}`,
    timeline_url: `${url}/timeline`,
    number: issue.number,
    state: issue.state,
    state_reason: issue.state_reason,
    title: issue.title,
    body: issue.body,
    user: userJson(c, state, issue.user),
    labels: issue.labels.flatMap((name) => {
      const label = state.labels.find(key, name);
      return label === undefined ? [] : [labelJson(c, repo, label)];
    }),
    assignee: assignees[0] ?? null,
    assignees,
    milestone: milestone === undefined ? null : milestoneJson(c, state, repo, milestone),
    locked: issue.locked,
    active_lock_reason: issue.active_lock_reason,
    comments: issue.comments.length,
    ...(pull
      ? {
          pull_request: {
            url: `${repoApiUrl(c, repo)}/pulls/${issue.number}`,
            html_url: `${repoHtmlUrl(c, repo)}/pull/${issue.number}`,
            diff_url: `${repoHtmlUrl(c, repo)}/pull/${issue.number}.diff`,
            patch_url: `${repoHtmlUrl(c, repo)}/pull/${issue.number}.patch`,
            merged_at: pull.merged_at,
          },
          draft: pull.draft,
        }
      : {}),
    closed_at: issue.closed_at,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_by: issue.closed_by === null ? null : userJson(c, state, issue.closed_by),
    author_association: authorAssociation(state, repo, issue.user),
  };
}

/** An item of GET /search/issues: the issue shape plus a relevance `score`. */
export function issueSearchItemJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  score: number,
) {
  const { closed_by: _closedBy, body, ...item } = issueJson(c, state, repo, issue);
  // The search item's `body` is documented as a string, not nullable: an empty body is left out.
  return { ...item, ...(body === null ? {} : { body }), score };
}

export function commentJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  comment: CommentRecord,
) {
  const issueUrl = `${repoApiUrl(c, repo)}/issues/${issue.number}`;
  return {
    id: comment.id,
    node_id: comment.node_id,
    url: `${repoApiUrl(c, repo)}/issues/comments/${comment.id}`,
    html_url: `${repoHtmlUrl(c, repo)}/${issue.pull_request ? 'pull' : 'issues'}/${issue.number}#issuecomment-${comment.id}`,
    body: comment.body,
    user: userJson(c, state, comment.user),
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    issue_url: issueUrl,
    author_association: authorAssociation(state, repo, comment.user),
  };
}
