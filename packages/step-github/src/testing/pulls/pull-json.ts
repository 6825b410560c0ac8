import type { Context } from '@toolsteps/emulator';
import { commitJson } from '../git/commit-json.js';
import type { GithubState } from '../github-state.js';
import { issueJson, repoApiUrl, repoHtmlUrl, userJson } from '../issues/issue-json.js';
import type { IssueRecord, PullRecord, ReviewRecord } from '../issues/issues-store.js';
import { repositoryJson } from '../repositories/repository-json.js';
import { accountJson } from '../shared/account-json.js';
import { type Repository, repoKey } from '../shared/github-model.js';
import { authorAssociation } from '../shared/repository-access.js';
import { teamJson } from '../teams/team-json.js';
import type { TeamRecord } from '../teams/teams-store.js';
import { mergeability } from './pull-mergeability.js';

/**
 * A pull request as GitHub answers it: `simple` for lists and reviewer requests, `full` for one pull
 * request (mergeability, merge state and diff counts added).
 */
export function pullJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  viewer: string,
  detail: 'simple' | 'full',
) {
  const pull = issue.pull_request as PullRecord;
  const key = repoKey(repo.owner, repo.name);
  const url = `${repoApiUrl(c, repo)}/pulls/${issue.number}`;
  const html = `${repoHtmlUrl(c, repo)}/pull/${issue.number}`;
  const shas = pullShas(state, key, pull);
  const view = issueJson(c, state, repo, issue);
  const owner = state.account(repo.owner);
  const ownerJson = accountJson(c, owner ?? { id: 0, node_id: '', login: repo.owner, type: 'User' });
  const end = (ref: string, sha: string) => ({
    label: `${repo.owner}:${ref}`,
    ref,
    sha,
    user: ownerJson,
    repo: repositoryJson(c, state, repo, viewer),
  });
  const simple = {
    url,
    id: pull.id,
    node_id: issue.node_id,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: view.url,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${repoApiUrl(c, repo)}/pulls/comments{/number}`,
    comments_url: view.comments_url,
    statuses_url: `${repoApiUrl(c, repo)}/statuses/${shas.head}`,
    number: issue.number,
    state: issue.state,
    locked: issue.locked,
    title: issue.title,
    user: view.user,
    body: issue.body,
    labels: view.labels,
    milestone: view.milestone,
    active_lock_reason: issue.active_lock_reason,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at,
    merged_at: pull.merged_at,
    merge_commit_sha: pull.merge_commit_sha,
    assignee: view.assignee,
    assignees: view.assignees,
    requested_reviewers: pull.requested_reviewers.map((login) => userJson(c, state, login)),
    requested_teams: requestedTeams(state, repo, pull).map((team) => teamJson(c, team)),
    head: end(pull.head.ref, shas.head),
    base: end(pull.base.ref, shas.base),
    _links: {
      self: { href: url },
      html: { href: html },
      issue: { href: view.url },
      comments: { href: view.comments_url },
      review_comments: { href: `${url}/comments` },
      review_comment: { href: `${repoApiUrl(c, repo)}/pulls/comments{/number}` },
      commits: { href: `${url}/commits` },
      statuses: { href: `${repoApiUrl(c, repo)}/statuses/${shas.head}` },
    },
    author_association: view.author_association,
    auto_merge: null,
    draft: pull.draft,
  };
  if (detail === 'simple') return simple;
  const open = issue.state === 'open';
  const diff = diffStats(c, state, repo, pull);
  // GitHub computes mergeability in the background; the emulator works it out on each read.
  const { mergeable, rebaseable } = mergeability(state.git, key, shas, pullCommits(state, key, pull));
  return {
    ...simple,
    merged: pull.merged_at !== null,
    mergeable: open ? mergeable : null,
    rebaseable: open ? rebaseable : null,
    mergeable_state: !open ? 'unknown' : !mergeable ? 'dirty' : pull.draft ? 'draft' : 'clean',
    merged_by: pull.merged_by === null ? null : userJson(c, state, pull.merged_by),
    comments: issue.comments.length,
    review_comments: 0,
    maintainer_can_modify: pull.maintainer_can_modify,
    commits: diff.commits,
    additions: diff.additions,
    deletions: diff.deletions,
    changed_files: diff.changed_files,
  };
}

/** Live branch tips while the pull request is open; the recorded ones once merged, closed or deleted. */
export function pullShas(state: GithubState, key: string, pull: PullRecord): { head: string; base: string } {
  if (pull.merged_at !== null) return { head: pull.head.sha, base: pull.base.sha };
  return {
    head: state.git.branchSha(key, pull.head.ref) ?? pull.head.sha,
    base: state.git.branchSha(key, pull.base.ref) ?? pull.base.sha,
  };
}

/** The commits the pull request brings, newest first (GET .../pulls/{n}/commits lists them oldest first). */
export function pullCommits(state: GithubState, key: string, pull: PullRecord) {
  const shas = pullShas(state, key, pull);
  return state.git.commitsBetween(key, shas.base, shas.head);
}

export function reviewJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  review: ReviewRecord,
) {
  const pullUrl = `${repoApiUrl(c, repo)}/pulls/${issue.number}`;
  const html = `${repoHtmlUrl(c, repo)}/pull/${issue.number}#pullrequestreview-${review.id}`;
  return {
    id: review.id,
    node_id: review.node_id,
    user: userJson(c, state, review.user),
    body: review.body,
    state: review.state,
    html_url: html,
    pull_request_url: pullUrl,
    _links: { html: { href: html }, pull_request: { href: pullUrl } },
    ...(review.submitted_at === undefined ? {} : { submitted_at: review.submitted_at }),
    commit_id: review.commit_id,
    author_association: authorAssociation(state, repo, review.user),
  };
}

function requestedTeams(state: GithubState, repo: Repository, pull: PullRecord): TeamRecord[] {
  return pull.requested_teams.flatMap((slug) => state.teams.find(repo.owner, slug) ?? []);
}

/** Commit count and line/file counts summed over the pull request's commits. */
function diffStats(c: Context, state: GithubState, repo: Repository, pull: PullRecord) {
  const commits = pullCommits(state, repoKey(repo.owner, repo.name), pull);
  const files = new Set<string>();
  let additions = 0;
  let deletions = 0;
  for (const commit of commits) {
    const json = commitJson(c, state, repo, commit.sha, { files: true }) as {
      stats?: { additions: number; deletions: number };
      files?: Array<{ filename: string }>;
    };
    additions += json.stats?.additions ?? 0;
    deletions += json.stats?.deletions ?? 0;
    for (const file of json.files ?? []) files.add(file.filename);
  }
  return { commits: commits.length, additions, deletions, changed_files: files.size };
}
