import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { emitRepositoryEvent } from '../hooks/webhook-events.js';
import { emitPullEvent } from '../pulls/webhook-pull-events.js';
import { callerOf } from '../shared/github-caller.js';
import { type GithubAccount, type Repository, repoKey } from '../shared/github-model.js';
import { htmlBase } from '../shared/github-urls.js';
import type { CommitRecord, Signature } from './git-store.js';

const ZERO_SHA = '0'.repeat(40);

/** A ref's move: from `before` (undefined when created) to `after` (undefined when deleted). */
export interface RefMove {
  ref: string;
  before: string | undefined;
  after: string | undefined;
}

/**
 * `push` for a ref that moved, with the commits it brings, oldest first (at most 20, as GitHub
 * sends): through the contents API or the git refs API.
 */
export function emitPush(c: Context, state: GithubState, repo: Repository, move: RefMove): void {
  emitRepositoryEvent(c, state, repo, 'push', () => {
    const key = repoKey(repo.owner, repo.name);
    const before = move.before ?? ZERO_SHA;
    const after = move.after ?? ZERO_SHA;
    const commits = newCommits(state, key, move).map((record) => pushCommitJson(c, state, repo, record));
    const head = move.after === undefined ? undefined : state.git.commit(key, move.after);
    const html = `${htmlBase(c)}/${repo.owner}/${repo.name}`;
    const name = move.ref.replace(/^refs\/(heads|tags)\//, '');
    return {
      ref: move.ref,
      before,
      after,
      created: move.before === undefined,
      deleted: move.after === undefined,
      forced: false,
      base_ref: null,
      compare:
        move.before === undefined
          ? `${html}/compare/${name}`
          : `${html}/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
      commits: commits.slice(-20),
      head_commit: head === undefined ? null : pushCommitJson(c, state, repo, head),
      pusher: pusherJson(callerOf(c)),
    };
  });
  if (move.before === undefined || move.after === undefined || !move.ref.startsWith('refs/heads/')) return;
  // The open pull requests whose head branch moved are synchronized.
  const branch = move.ref.slice('refs/heads/'.length);
  for (const issue of state.issues.list(repoKey(repo.owner, repo.name))) {
    if (issue.state !== 'open' || issue.pull_request?.head.ref !== branch) continue;
    emitPullEvent(c, state, repo, issue, 'synchronize', () => ({ before: move.before, after: move.after }));
  }
}

/** `create` of a branch or a tag (through the git refs API). */
export function emitCreate(c: Context, state: GithubState, repo: Repository, ref: string): void {
  const kind = refKind(ref);
  if (kind === undefined) return;
  emitRepositoryEvent(c, state, repo, 'create', () => ({
    ref: ref.replace(/^refs\/(heads|tags)\//, ''),
    ref_type: kind,
    master_branch: repo.default_branch,
    description: repo.description,
    pusher_type: 'user',
  }));
}

/** `delete` of a branch or a tag. */
export function emitDelete(c: Context, state: GithubState, repo: Repository, ref: string): void {
  const kind = refKind(ref);
  if (kind === undefined) return;
  emitRepositoryEvent(c, state, repo, 'delete', () => ({
    ref: ref.replace(/^refs\/(heads|tags)\//, ''),
    ref_type: kind,
    pusher_type: 'user',
  }));
}

function refKind(ref: string): 'branch' | 'tag' | undefined {
  if (ref.startsWith('refs/heads/')) return 'branch';
  if (ref.startsWith('refs/tags/')) return 'tag';
  return undefined;
}

/**
 * The commits the push brings, oldest first: reachable from `after` and not from `before`; for a
 * new ref, those no other ref already has.
 */
function newCommits(state: GithubState, key: string, move: RefMove): CommitRecord[] {
  const after = move.after;
  if (after === undefined) return [];
  const known = new Set(
    move.before === undefined
      ? state.git
          .refs(key)
          .filter((entry) => entry.ref !== move.ref)
          .flatMap((entry) => state.git.history(key, entry.sha).map((commit) => commit.sha))
      : state.git.history(key, move.before).map((commit) => commit.sha),
  );
  return state.git
    .history(key, after)
    .filter((commit) => !known.has(commit.sha))
    .reverse();
}

/** A commit as `push` payloads list it: its files added, removed and modified against its first parent. */
function pushCommitJson(c: Context, state: GithubState, repo: Repository, record: CommitRecord) {
  const key = repoKey(repo.owner, repo.name);
  const parent = record.parents[0] === undefined ? undefined : state.git.commit(key, record.parents[0]);
  const before = parent?.tree ?? new Map();
  const added: string[] = [];
  const removed: string[] = [];
  const modified: string[] = [];
  for (const path of new Set([...before.keys(), ...record.tree.keys()])) {
    const old = before.get(path);
    const now = record.tree.get(path);
    if (old === undefined) added.push(path);
    else if (now === undefined) removed.push(path);
    else if (!old.equals(now)) modified.push(path);
  }
  return {
    id: record.sha,
    tree_id: record.treeSha,
    distinct: true,
    message: record.message,
    timestamp: record.committer.date ?? record.author.date ?? state.isoNow(),
    url: `${htmlBase(c)}/${repo.owner}/${repo.name}/commit/${record.sha}`,
    author: personJson(state, record.author),
    committer: personJson(state, record.committer),
    added: added.sort(),
    removed: removed.sort(),
    modified: modified.sort(),
  };
}

/** A commit's author or committer, with the GitHub login whose email it is, when there is one. */
function personJson(state: GithubState, person: Signature) {
  const account = [...state.accounts.values()].find(
    (candidate) => candidate.email?.toLowerCase() === person.email.toLowerCase(),
  );
  return {
    name: person.name,
    email: person.email,
    ...(account === undefined ? {} : { username: account.login }),
  };
}

function pusherJson(account: GithubAccount) {
  return { name: account.login, email: account.email ?? `${account.login}@users.noreply.github.com` };
}
