import type { GithubCore } from '../shared/github-core.js';
import { logOrder } from './git-history.js';
import { mergeBase, mergeTrees, type TreeMerge } from './git-merge.js';
import {
  type CommitRecord,
  commitSha,
  type FileContent,
  type Tree,
  toBuffer,
  treeSha,
} from './git-objects.js';

export type { CommitRecord, FileContent, GitPerson, Tree } from './git-objects.js';
export { blobSha } from './git-objects.js';

/** A person a write is made by; `date` defaults to the emulator's clock. */
export type Signature = { name: string; email: string; date?: string };

export interface WriteCommit {
  branch: string;
  /** New content by path, or null to delete the file. */
  changes: Readonly<Record<string, FileContent | null>>;
  message: string;
  author: Signature;
  /** Default: the author. */
  committer?: Signature;
}

interface RepositoryGit {
  commits: Map<string, CommitRecord>;
  /** Full ref name (`refs/heads/main`, `refs/tags/v1.0.0`) to commit sha. */
  refs: Map<string, string>;
}

const FULL_SHA = /^[0-9a-f]{40}$/;
const SHORT_SHA = /^[0-9a-f]{7,39}$/;

/** Commits, trees and refs of every repository, keyed by repository key (`owner/name`, lowercased). */
export class GitStore {
  readonly #repositories = new Map<string, RepositoryGit>();

  constructor(private readonly state: GithubCore) {}

  #git(repoKey: string): RepositoryGit {
    const key = repoKey.toLowerCase();
    let git = this.#repositories.get(key);
    if (git === undefined) {
      git = { commits: new Map(), refs: new Map() };
      this.#repositories.set(key, git);
    }
    return git;
  }

  /** A repository without any ref, as GitHub has it before the first push. */
  isEmpty(repoKey: string): boolean {
    return this.#git(repoKey).refs.size === 0;
  }

  commit(repoKey: string, sha: string): CommitRecord | undefined {
    return this.#git(repoKey).commits.get(sha.toLowerCase());
  }

  branchSha(repoKey: string, branch: string): string | undefined {
    return this.#git(repoKey).refs.get(`refs/heads/${branch}`);
  }

  tagSha(repoKey: string, tag: string): string | undefined {
    return this.#git(repoKey).refs.get(`refs/tags/${tag}`);
  }

  /** Every ref as `{ ref: 'refs/heads/main', sha }`, sorted by name. */
  refs(repoKey: string): Array<{ ref: string; sha: string }> {
    return [...this.#git(repoKey).refs]
      .map(([ref, sha]) => ({ ref, sha }))
      .sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
  }

  /** A branch, a tag, `heads/x` or `tags/x`, a full `refs/...` name, or a full or short sha, to a commit sha. */
  resolveRef(repoKey: string, ref: string): string | undefined {
    const git = this.#git(repoKey);
    const lower = ref.toLowerCase();
    if (FULL_SHA.test(lower)) return git.commits.has(lower) ? lower : undefined;
    const named =
      git.refs.get(ref) ??
      git.refs.get(`refs/${ref}`) ??
      git.refs.get(`refs/heads/${ref}`) ??
      git.refs.get(`refs/tags/${ref}`);
    if (named !== undefined) return named;
    if (!SHORT_SHA.test(lower)) return undefined;
    const matches = [...git.commits.keys()].filter((sha) => sha.startsWith(lower));
    return matches.length === 1 ? matches[0] : undefined;
  }

  /** Points a full ref name at a commit, creating or moving it. */
  setRef(repoKey: string, ref: string, sha: string): void {
    if (!this.#git(repoKey).commits.has(sha)) throw new Error(`setRef: no commit ${sha} in ${repoKey}`);
    this.#git(repoKey).refs.set(ref, sha);
  }

  deleteRef(repoKey: string, ref: string): boolean {
    return this.#git(repoKey).refs.delete(ref);
  }

  /** The content of a file at a commit. */
  file(repoKey: string, sha: string, path: string): Buffer | undefined {
    return this.commit(repoKey, sha)?.tree.get(path);
  }

  /** Commits reachable from `headSha`, newest first, as `git log` lists them. */
  history(repoKey: string, headSha: string): CommitRecord[] {
    return logOrder(this.#git(repoKey).commits, headSha);
  }

  /** Commits reachable from head but not from base, newest first. */
  commitsBetween(repoKey: string, baseSha: string, headSha: string): CommitRecord[] {
    const inBase = new Set(this.history(repoKey, baseSha).map((commit) => commit.sha));
    return this.history(repoKey, headSha).filter((commit) => !inBase.has(commit.sha));
  }

  /**
   * Commits `changes` on top of a branch and moves the branch. In an empty repository the branch
   * is created with this first commit.
   */
  writeCommit(repoKey: string, write: WriteCommit): CommitRecord {
    const parent = this.branchSha(repoKey, write.branch);
    if (parent === undefined && !this.isEmpty(repoKey)) {
      throw new Error(`writeCommit: no branch ${write.branch} in ${repoKey}`);
    }
    const tree = new Map(parent === undefined ? [] : this.commit(repoKey, parent)?.tree);
    for (const [path, content] of Object.entries(write.changes)) {
      if (content === null) tree.delete(path);
      else tree.set(path, toBuffer(content));
    }
    return this.#record(repoKey, write.branch, {
      tree,
      parents: parent === undefined ? [] : [parent],
      message: write.message,
      author: write.author,
      committer: write.committer ?? write.author,
    });
  }

  /** The nearest common ancestor of two commits, undefined for unrelated histories. */
  mergeBase(repoKey: string, one: string, other: string): string | undefined {
    return mergeBase(this.#git(repoKey).commits, one, other);
  }

  /** The files of commit `headSha` merged into commit `baseSha`, against their merge base. */
  mergeTrees(repoKey: string, baseSha: string, headSha: string): TreeMerge {
    const tree = (sha: string | undefined): Tree =>
      (sha === undefined ? undefined : this.commit(repoKey, sha)?.tree) ?? new Map();
    return mergeTrees(tree(this.mergeBase(repoKey, baseSha, headSha)), tree(baseSha), tree(headSha));
  }

  /**
   * A merge commit of `head` (a branch or a sha) into branch `base`, which moves to it; returns its
   * sha. Callers check `mergeTrees` for conflicts first, as GitHub refuses such a merge.
   */
  merge(
    repoKey: string,
    base: string,
    head: string,
    message: string,
    author: { name: string; email: string },
  ): string {
    const baseSha = this.branchSha(repoKey, base);
    const headSha = this.resolveRef(repoKey, head);
    if (baseSha === undefined || headSha === undefined) {
      throw new Error(`merge: ${baseSha === undefined ? base : head} does not exist in ${repoKey}`);
    }
    const merged = this.mergeTrees(repoKey, baseSha, headSha);
    if (merged.conflicts.length > 0) {
      throw new Error(`merge: ${head} conflicts with ${base} in ${merged.conflicts.join(', ')}`);
    }
    return this.#record(repoKey, base, {
      tree: merged.tree,
      parents: [baseSha, headSha],
      message,
      author,
      committer: author,
    }).sha;
  }

  #record(
    repoKey: string,
    branch: string,
    fields: { tree: Tree; parents: string[]; message: string; author: Signature; committer: Signature },
  ): CommitRecord {
    const now = this.state.isoNow();
    const author = { name: fields.author.name, email: fields.author.email, date: fields.author.date ?? now };
    const committer = {
      name: fields.committer.name,
      email: fields.committer.email,
      date: fields.committer.date ?? now,
    };
    const rootTree = treeSha(fields.tree) as string;
    const sha = commitSha({
      treeSha: rootTree,
      parents: fields.parents,
      author,
      committer,
      message: fields.message,
    });
    const record: CommitRecord = {
      sha,
      treeSha: rootTree,
      tree: fields.tree,
      parents: fields.parents,
      message: fields.message,
      author,
      committer,
    };
    const git = this.#git(repoKey);
    git.commits.set(sha, record);
    git.refs.set(`refs/heads/${branch}`, sha);
    const repo = this.state.repositories.get(repoKey.toLowerCase());
    if (repo !== undefined) repo.pushed_at = committer.date;
    return record;
  }
}
