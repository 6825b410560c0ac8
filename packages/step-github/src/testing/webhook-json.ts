import type { Context } from '@toolsteps/engine/testing';
import { accountJson } from './account-json.js';
import type { GithubAccount, Repository } from './github-model.js';
import type { GithubState } from './github-state.js';
import { apiBase, htmlBase } from './github-urls.js';
import { commentJson, issueJson } from './issue-json.js';
import type { CommentRecord, IssueRecord, ReviewRecord } from './issues-store.js';
import { pullJson, reviewJson } from './pull-json.js';
import { repositoryJson } from './repository-json.js';

/** Webhook payloads carry reaction counts where the REST answers of the emulator leave them out. */
function reactionsJson(url: string) {
  return {
    url: `${url}/reactions`,
    total_count: 0,
    '+1': 0,
    '-1': 0,
    laugh: 0,
    hooray: 0,
    confused: 0,
    heart: 0,
    rocket: 0,
    eyes: 0,
  };
}

/** The `repository` of a webhook payload: the REST shape without the viewer's permissions. */
export function webhookRepositoryJson(c: Context, state: GithubState, repo: Repository) {
  const { permissions: _permissions, ...json } = repositoryJson(c, state, repo, repo.owner);
  const owner = state.account(repo.owner);
  return {
    ...json,
    ...(owner?.type === 'Organization' ? { organization: owner.login } : {}),
    custom_properties: {},
  };
}

/** The `organization` of a webhook payload. */
export function webhookOrganizationJson(c: Context, org: GithubAccount) {
  const url = `${apiBase(c)}/orgs/${org.login}`;
  return {
    login: org.login,
    id: org.id,
    node_id: org.node_id,
    url,
    html_url: `${htmlBase(c)}/${org.login}`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events`,
    hooks_url: `${url}/hooks`,
    issues_url: `${url}/issues`,
    members_url: `${url}/members{/member}`,
    public_members_url: `${url}/public_members{/member}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${org.id}?v=4`,
    description: null,
  };
}

/** The `issue` of `issues` and `issue_comment` payloads. */
export function webhookIssueJson(c: Context, state: GithubState, repo: Repository, issue: IssueRecord) {
  const { closed_by: _closedBy, ...json } = issueJson(c, state, repo, issue);
  return { ...json, reactions: reactionsJson(json.url), performed_via_github_app: null };
}

/** The `comment` of an `issue_comment` payload. */
export function webhookCommentJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  comment: CommentRecord,
) {
  const json = commentJson(c, state, repo, issue, comment);
  return { ...json, reactions: reactionsJson(json.url), performed_via_github_app: null };
}

/** The `sender` of a payload: who caused the event. */
export function senderJson(c: Context, account: GithubAccount) {
  return accountJson(c, account);
}

/**
 * The `pull_request` of `pull_request` payloads (`full`), or of review payloads (`simple`): the REST
 * shape, with webhook repositories at its head and base.
 */
export function webhookPullJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  detail: 'simple' | 'full',
) {
  const json = pullJson(c, state, repo, issue, repo.owner, detail);
  const repository = webhookRepositoryJson(c, state, repo);
  return { ...json, head: { ...json.head, repo: repository }, base: { ...json.base, repo: repository } };
}

/** A submitted review as `pull_request_review` payloads carry it: its state in lower case. */
export function webhookReviewJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  review: ReviewRecord,
) {
  const json = reviewJson(c, state, repo, issue, review);
  return {
    ...json,
    state: review.state.toLowerCase(),
    commit_id: review.commit_id ?? '',
    submitted_at: review.submitted_at ?? null,
  };
}
