import type { CommitRecord } from './git-objects.js';

/**
 * Commits reachable from `headSha`, newest first as `git log` lists them: the newest commit date
 * next, and a commit always before its parents (a parent is queued only once a child is listed).
 */
export function logOrder(commits: ReadonlyMap<string, CommitRecord>, headSha: string): CommitRecord[] {
  const head = commits.get(headSha);
  const queue = head === undefined ? [] : [head];
  const seen = new Set<string>([headSha]);
  const listed: CommitRecord[] = [];
  while (queue.length > 0) {
    let newest = 0;
    for (let index = 1; index < queue.length; index++) {
      if (queue[index].committer.date > queue[newest].committer.date) newest = index;
    }
    const [next] = queue.splice(newest, 1);
    listed.push(next);
    for (const parent of next.parents) {
      const record = commits.get(parent);
      if (record !== undefined && !seen.has(parent)) {
        seen.add(parent);
        queue.push(record);
      }
    }
  }
  return listed;
}
