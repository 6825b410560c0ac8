import { DEMO_REPO, type GithubEmulator, repoKey } from '../../src/testing/index.js';

export const KEY = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);
export const REPO = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}`;

/** A branch off main with one commit per file given, as a contributor would push it; returns its tip. */
export function pushBranch(emulator: GithubEmulator, branch: string, files: Record<string, string>): string {
  const git = emulator.state.git;
  git.setRef(KEY, `refs/heads/${branch}`, git.branchSha(KEY, 'main') as string);
  let sha = '';
  for (const [path, content] of Object.entries(files)) {
    sha = git.writeCommit(KEY, {
      branch,
      changes: { [path]: content },
      message: `Add ${path}`,
      author: { name: 'Hubot', email: 'hubot@example.com' },
    }).sha;
  }
  return sha;
}
