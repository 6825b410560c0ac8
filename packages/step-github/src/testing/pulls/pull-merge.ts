import { treeChanges } from '../git/git-merge.js';
import type { GithubState } from '../github-state.js';
import type { IssueRecord, PullRecord } from '../issues/issues-store.js';
import { GithubApiError, validationFailed } from '../shared/github-api-error.js';
import { type GithubAccount, type Repository, repoKey } from '../shared/github-model.js';
import { type JsonObject, optional } from '../shared/github-request.js';
import { pullCommits, pullShas } from './pull-json.js';
import { type ReplayedCommit, replay } from './pull-mergeability.js';

const METHODS = ['merge', 'squash', 'rebase'] as const;
type MergeMethod = (typeof METHODS)[number];
/** GitHub's 405 for a pull request that cannot be merged: closed, merged, or conflicting. */
const NOT_MERGEABLE = 'Pull Request is not mergeable';

/**
 * PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge: a merge commit, one squashed commit, or the
 * commits replayed on the base branch, each a three-way merge that keeps what the base branch
 * changed since the branch point. Returns the sha the base branch ends at.
 */
export function mergePull(
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  pull: PullRecord,
  caller: GithubAccount,
  body: JsonObject,
): string {
  const key = repoKey(repo.owner, repo.name);
  const method = (optional<string>(body, 'merge_method', 'string', 'PullRequest') ?? 'merge') as MergeMethod;
  if (!METHODS.includes(method)) {
    throw validationFailed({
      resource: 'PullRequest',
      code: 'invalid',
      field: 'merge_method',
      value: method,
    });
  }
  const title = optional<string>(body, 'commit_title', 'string', 'PullRequest');
  const message = optional<string>(body, 'commit_message', 'string', 'PullRequest');
  const expected = optional<string>(body, 'sha', 'string', 'PullRequest');
  if (issue.state !== 'open' || pull.merged_at !== null) {
    throw new GithubApiError(405, NOT_MERGEABLE);
  }
  if (pull.draft) throw new GithubApiError(405, 'Pull Request is still a draft');
  const shas = pullShas(state, key, pull);
  if (
    state.git.branchSha(key, pull.head.ref) === undefined ||
    state.git.branchSha(key, pull.base.ref) === undefined
  ) {
    throw new GithubApiError(405, NOT_MERGEABLE);
  }
  if (expected !== undefined && expected.toLowerCase() !== shas.head) {
    throw new GithubApiError(409, 'Head branch was modified. Review and try the merge again.');
  }
  const commits = pullCommits(state, key, pull);
  // Checked before anything is written: a conflicting pull request is refused whole.
  const replayed = method === 'rebase' ? replay(state.git, key, shas.base, commits) : [];
  const conflicts =
    method !== 'rebase' && state.git.mergeTrees(key, shas.base, shas.head).conflicts.length > 0;
  if (replayed === undefined || conflicts) throw new GithubApiError(405, NOT_MERGEABLE);
  const author = {
    name: caller.name || caller.login,
    email: caller.email ?? `${caller.id}+${caller.login}@users.noreply.github.com`,
  };
  const merged = { issue, pull, shas, commits, replayed };
  const sha = write(state, key, merged, method, author, title, message);

  const now = state.isoNow();
  pull.head.sha = shas.head;
  pull.base.sha = shas.base;
  pull.merged_at = now;
  pull.merged_by = caller.login;
  pull.merge_commit_sha = sha;
  pull.requested_reviewers = [];
  pull.requested_teams = [];
  state.issues.close(issue, caller.login, 'completed');
  return sha;
}

interface Merged {
  issue: IssueRecord;
  pull: PullRecord;
  shas: { head: string; base: string };
  commits: ReturnType<typeof pullCommits>;
  /** The rebase's commits, oldest first, with their changes on the moving base. */
  replayed: ReplayedCommit[];
}

function write(
  state: GithubState,
  key: string,
  { issue, pull, shas, commits, replayed }: Merged,
  method: MergeMethod,
  author: { name: string; email: string },
  title: string | undefined,
  message: string | undefined,
): string {
  const [owner] = key.split('/');
  if (method === 'merge') {
    const subject = title ?? `Merge pull request #${issue.number} from ${owner}/${pull.head.ref}`;
    return state.git.merge(
      key,
      pull.base.ref,
      pull.head.ref,
      `${subject}\n\n${message ?? issue.title}`,
      author,
    );
  }
  if (method === 'squash') {
    const merged = state.git.mergeTrees(key, shas.base, shas.head).tree;
    const subject = title ?? `${issue.title} (#${issue.number})`;
    const details =
      message ??
      commits
        .map((commit) => `* ${commit.message}`)
        .reverse()
        .join('\n\n');
    return state.git.writeCommit(key, {
      branch: pull.base.ref,
      changes: treeChanges(state.git.commit(key, shas.base)?.tree ?? new Map(), merged),
      message: `${subject}\n\n${details}`,
      author,
    }).sha;
  }
  // Rebase: each commit, oldest first, replayed with its own author and the merger as committer.
  let sha = shas.base;
  for (const { commit, changes } of replayed) {
    sha = state.git.writeCommit(key, {
      branch: pull.base.ref,
      changes,
      message: commit.message,
      author: commit.author,
      committer: author,
    }).sha;
  }
  return sha;
}
