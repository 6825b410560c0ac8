import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { accountJson } from '../shared/account-json.js';
import type { Repository } from '../shared/github-model.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';
import { blobSha, type Tree } from './git-objects.js';
import type { CommitRecord } from './git-store.js';

/** A file path as it goes into a URL: each segment encoded, the slashes kept. */
export function pathInUrl(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** GitHub's node ids are opaque; ours name the repository and the sha. */
function commitNodeId(repo: Repository, sha: string): string {
  return `C_${Buffer.from(`${repo.id}:${sha}`).toString('base64url')}`;
}

/** GitHub's commit shape; `files` adds the changed files and stats as GET /commits/{ref} does. */
export function commitJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  sha: string,
  options: { files?: boolean } = {},
) {
  const key = `${repo.owner}/${repo.name}`.toLowerCase();
  const record = state.git.commit(key, sha);
  if (record === undefined) throw new Error(`commitJson: no commit ${sha} in ${key}`);
  const parents = record.parents.map((parent) => state.git.commit(key, parent) as CommitRecord);
  return recordJson(c, state, repo, record, options.files ? parents : undefined);
}

/**
 * GitHub's commit shape (GET /repos/{owner}/{repo}/commits/{ref}). With `parents` given, the changed
 * files and their line counts against the first parent are added, as the single-commit answer has them.
 */
function recordJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  record: CommitRecord,
  parents?: CommitRecord[],
) {
  const api = `${apiBase(c)}/repos/${repo.owner}/${repo.name}`;
  const html = `${htmlBase(c)}/${repo.owner}/${repo.name}`;
  const user = (email: string) => {
    const account = [...state.accounts.values()].find(
      (candidate) => candidate.email?.toLowerCase() === email.toLowerCase(),
    );
    return account === undefined ? null : accountJson(c, account);
  };
  const json = {
    url: `${api}/commits/${record.sha}`,
    sha: record.sha,
    node_id: commitNodeId(repo, record.sha),
    html_url: `${html}/commit/${record.sha}`,
    comments_url: `${api}/commits/${record.sha}/comments`,
    commit: {
      url: `${api}/git/commits/${record.sha}`,
      author: { ...record.author },
      committer: { ...record.committer },
      message: record.message,
      tree: { sha: record.treeSha, url: `${api}/git/trees/${record.treeSha}` },
      comment_count: 0,
      verification: {
        verified: false,
        reason: 'unsigned',
        signature: null,
        payload: null,
        verified_at: null,
      },
    },
    author: user(record.author.email),
    committer: user(record.committer.email),
    parents: record.parents.map((sha) => ({
      sha,
      url: `${api}/commits/${sha}`,
      html_url: `${html}/commit/${sha}`,
    })),
  };
  if (parents === undefined) return json;
  const files = changedFiles(parents[0]?.tree ?? new Map(), record.tree).map((change) => ({
    sha: change.status === 'removed' ? null : blobSha(record.tree.get(change.filename) as Buffer),
    ...change,
    blob_url: `${html}/blob/${record.sha}/${pathInUrl(change.filename)}`,
    raw_url: `${html}/raw/${record.sha}/${pathInUrl(change.filename)}`,
    contents_url: `${api}/contents/${pathInUrl(change.filename)}?ref=${record.sha}`,
  }));
  const additions = files.reduce((sum, file) => sum + file.additions, 0);
  const deletions = files.reduce((sum, file) => sum + file.deletions, 0);
  return { ...json, stats: { additions, deletions, total: additions + deletions }, files };
}

type ChangeStatus = 'added' | 'removed' | 'modified';

function changedFiles(before: Tree, after: Tree) {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  const changes: Array<{
    filename: string;
    status: ChangeStatus;
    additions: number;
    deletions: number;
    changes: number;
  }> = [];
  for (const filename of paths) {
    const old = before.get(filename);
    const now = after.get(filename);
    if (old !== undefined && now !== undefined && old.equals(now)) continue;
    const status: ChangeStatus = old === undefined ? 'added' : now === undefined ? 'removed' : 'modified';
    const { additions, deletions } = lineCounts(old, now);
    changes.push({ filename, status, additions, deletions, changes: additions + deletions });
  }
  return changes;
}

/**
 * Lines added and removed, as a multiset difference of lines: git's numbers unless lines moved.
 * Binary files count no lines, as on GitHub.
 */
function lineCounts(
  old: Buffer | undefined,
  now: Buffer | undefined,
): { additions: number; deletions: number } {
  if (old?.includes(0) || now?.includes(0)) {
    return { additions: 0, deletions: 0 };
  }
  const remaining = new Map<string, number>();
  for (const line of lines(old)) remaining.set(line, (remaining.get(line) ?? 0) + 1);
  let additions = 0;
  for (const line of lines(now)) {
    const count = remaining.get(line) ?? 0;
    if (count > 0) remaining.set(line, count - 1);
    else additions += 1;
  }
  const deletions = [...remaining.values()].reduce((sum, count) => sum + count, 0);
  return { additions, deletions };
}

function lines(content: Buffer | undefined): string[] {
  if (content === undefined || content.length === 0) return [];
  return content.toString('utf8').replace(/\n$/, '').split('\n');
}

/** GitHub's git-commit shape, as the contents API answers writes with it (`commit` of a file commit). */
export function gitCommitJson(c: Context, repo: Repository, record: CommitRecord) {
  const api = `${apiBase(c)}/repos/${repo.owner}/${repo.name}`;
  const html = `${htmlBase(c)}/${repo.owner}/${repo.name}`;
  return {
    sha: record.sha,
    node_id: commitNodeId(repo, record.sha),
    url: `${api}/git/commits/${record.sha}`,
    html_url: `${html}/commit/${record.sha}`,
    author: { ...record.author },
    committer: { ...record.committer },
    message: record.message,
    tree: { sha: record.treeSha, url: `${api}/git/trees/${record.treeSha}` },
    parents: record.parents.map((sha) => ({
      sha,
      url: `${api}/git/commits/${sha}`,
      html_url: `${html}/commit/${sha}`,
    })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
  };
}
