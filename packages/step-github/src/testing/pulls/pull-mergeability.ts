import { mergeTrees, treeChanges } from '../git/git-merge.js';
import type { CommitRecord, GitStore, Tree } from '../git/git-store.js';

/** One commit of a rebase: the original and the changes it makes on top of the commits replayed before it. */
export interface ReplayedCommit {
  commit: CommitRecord;
  changes: Record<string, Buffer | null>;
}

/**
 * Whether a pull request merges cleanly (`merge` and `squash` need its head merged into its base
 * without conflict) and rebases cleanly (`rebase` needs each commit applied in turn).
 */
export function mergeability(
  git: GitStore,
  key: string,
  shas: { head: string; base: string },
  commits: readonly CommitRecord[],
): { mergeable: boolean; rebaseable: boolean } {
  return {
    mergeable: git.mergeTrees(key, shas.base, shas.head).conflicts.length === 0,
    rebaseable: replay(git, key, shas.base, commits) !== undefined,
  };
}

/**
 * The commits (newest first, as `commitsBetween` lists them) applied oldest first on top of
 * `ontoSha`, each as a three-way merge against its first parent, as `git rebase` cherry-picks them;
 * undefined when one of them conflicts.
 */
export function replay(
  git: GitStore,
  key: string,
  ontoSha: string,
  commits: readonly CommitRecord[],
): ReplayedCommit[] | undefined {
  const treeOf = (sha: string | undefined): Tree =>
    (sha === undefined ? undefined : git.commit(key, sha)?.tree) ?? new Map();
  let tree = treeOf(ontoSha);
  const replayed: ReplayedCommit[] = [];
  for (const commit of [...commits].reverse()) {
    const merged = mergeTrees(treeOf(commit.parents[0]), tree, commit.tree);
    if (merged.conflicts.length > 0) return undefined;
    replayed.push({ commit, changes: treeChanges(tree, merged.tree) });
    tree = merged.tree;
  }
  return replayed;
}
