import type { CommitRecord, Tree } from './git-objects.js';

/** A merged snapshot, or the paths both sides changed differently (then `tree` is not to be used). */
export interface TreeMerge {
  tree: Tree;
  conflicts: string[];
}

/** Every commit reachable from `sha`, itself included. */
function ancestors(commits: ReadonlyMap<string, CommitRecord>, sha: string): Set<string> {
  const seen = new Set<string>();
  const queue = [sha];
  while (queue.length > 0) {
    const next = queue.pop() as string;
    const commit = commits.get(next);
    if (seen.has(next) || commit === undefined) continue;
    seen.add(next);
    queue.push(...commit.parents);
  }
  return seen;
}

/**
 * The nearest common ancestor of two commits, as `git merge-base` finds it: a common ancestor no
 * other common ancestor descends from (the newest one when criss-cross merges leave several).
 */
export function mergeBase(
  commits: ReadonlyMap<string, CommitRecord>,
  one: string,
  other: string,
): string | undefined {
  const ofOne = ancestors(commits, one);
  const common = [...ancestors(commits, other)].filter((sha) => ofOne.has(sha));
  const behindAnother = new Set<string>();
  for (const sha of common) {
    if (behindAnother.has(sha)) continue;
    for (const older of ancestors(commits, sha)) if (older !== sha) behindAnother.add(older);
  }
  const best = common.filter((sha) => !behindAnother.has(sha));
  const date = (sha: string) => commits.get(sha)?.committer.date ?? '';
  return best.sort((a, b) => date(b).localeCompare(date(a)))[0];
}

const same = (a: Buffer | undefined, b: Buffer | undefined) =>
  a === undefined || b === undefined ? a === b : a.equals(b);

/**
 * A three-way merge of whole files: each path takes the side that changed it since `base`; a path
 * both sides changed differently (edited, added or deleted) is a conflict. Git would still merge
 * edits to distinct lines of one file; the emulator keeps to files, which is enough to model
 * GitHub's "not mergeable".
 */
export function mergeTrees(base: Tree, ours: Tree, theirs: Tree): TreeMerge {
  const tree = new Map<string, Buffer>();
  const conflicts: string[] = [];
  for (const path of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
    const [was, mine, their] = [base.get(path), ours.get(path), theirs.get(path)];
    const kept = same(mine, their) || same(was, their) ? mine : same(was, mine) ? their : null;
    if (kept === null) conflicts.push(path);
    else if (kept !== undefined) tree.set(path, kept);
  }
  return { tree, conflicts: conflicts.sort() };
}

/** What turns `from` into `to`: new content by path, or null for a file `to` no longer has. */
export function treeChanges(from: Tree, to: Tree): Record<string, Buffer | null> {
  const changes: Record<string, Buffer | null> = {};
  for (const [path, content] of to) if (!same(from.get(path), content)) changes[path] = content;
  for (const path of from.keys()) if (!to.has(path)) changes[path] = null;
  return changes;
}
