import { describe, expect, it } from '@jest/globals';
import { DEMO_FEATURE_BRANCH, DEMO_TAG, type GitStore } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from './github-http.js';

const KEY = 'octo-org/hello-world';
const HUBOT = { name: 'Hubot', email: 'hubot@example.com' };

/** The GitStore API that pull requests and workflow runs use: resolving refs, comparing and merging. */
describe('GitStore', () => {
  const gh = useGithubEmulator();
  const git = (): GitStore => gh.emulator.state.git;

  it('resolves branches, tags, full ref names and full or short shas to commit shas', () => {
    const main = git().branchSha(KEY, 'main') as string;
    const feature = git().branchSha(KEY, DEMO_FEATURE_BRANCH) as string;
    const tag = git().tagSha(KEY, DEMO_TAG) as string;
    expect(new Set([main, feature, tag]).size).toBe(3);
    expect(git().resolveRef(KEY, 'main')).toBe(main);
    expect(git().resolveRef(KEY, 'heads/feature/login')).toBe(feature);
    expect(git().resolveRef(KEY, 'refs/heads/feature/login')).toBe(feature);
    expect(git().resolveRef(KEY, DEMO_TAG)).toBe(tag);
    expect(git().resolveRef(KEY, `tags/${DEMO_TAG}`)).toBe(tag);
    expect(git().resolveRef(KEY, main)).toBe(main);
    expect(git().resolveRef(KEY, main.toUpperCase())).toBe(main);
    expect(git().resolveRef(KEY, main.slice(0, 7))).toBe(main);
    expect(git().resolveRef(KEY, 'f'.repeat(40))).toBeUndefined();
    expect(git().resolveRef(KEY, 'nope')).toBeUndefined();
    expect(git().branchSha(KEY, 'nope')).toBeUndefined();
  });

  it('lists the commits a head has that its base lacks', () => {
    const main = git().branchSha(KEY, 'main') as string;
    const feature = git().branchSha(KEY, DEMO_FEATURE_BRANCH) as string;
    expect(
      git()
        .commitsBetween(KEY, main, feature)
        .map((commit) => commit.message),
    ).toEqual(['Add a login form']);
    expect(git().commitsBetween(KEY, feature, main)).toEqual([]);
    const tag = git().tagSha(KEY, DEMO_TAG) as string;
    expect(
      git()
        .commitsBetween(KEY, tag, main)
        .map((commit) => commit.message),
    ).toEqual(['Explain how to run it', 'Add the logo']);
  });

  it('merges a head into a base branch three ways: each side keeps its changes, the base moving', () => {
    git().writeCommit(KEY, {
      branch: 'main',
      message: 'Change the README on main',
      author: HUBOT,
      changes: { 'README.md': 'main version\n', 'MAIN_ONLY.md': 'main\n' },
    });
    const base = git().branchSha(KEY, 'main') as string;
    const head = git().branchSha(KEY, DEMO_FEATURE_BRANCH) as string;
    expect(git().mergeBase(KEY, base, head)).toBe(git().commit(KEY, head)?.parents[0]);
    const sha = git().merge(
      KEY,
      'main',
      DEMO_FEATURE_BRANCH,
      'Merge pull request #1 from feature/login',
      HUBOT,
    );
    expect(git().branchSha(KEY, 'main')).toBe(sha);
    expect(git().branchSha(KEY, DEMO_FEATURE_BRANCH)).toBe(head);
    const merge = git().commit(KEY, sha);
    expect(merge?.parents).toEqual([base, head]);
    expect(merge?.message).toBe('Merge pull request #1 from feature/login');
    expect(merge?.author).toMatchObject(HUBOT);
    expect(git().file(KEY, sha, 'src/index.js')?.toString()).toContain("import { login } from './login.js'");
    expect(git().file(KEY, sha, 'src/login.js')).toBeDefined();
    expect(git().file(KEY, sha, 'README.md')?.toString()).toBe('main version\n');
    expect(git().file(KEY, sha, 'MAIN_ONLY.md')?.toString()).toBe('main\n');
    expect(git().commitsBetween(KEY, sha, head)).toEqual([]);
    expect(gh.emulator.state.repository('octo-org', 'hello-world')?.pushed_at).toBe(merge?.committer.date);
  });

  it('refuses a merge where both sides changed one file, moving nothing', () => {
    git().writeCommit(KEY, {
      branch: 'main',
      message: 'Change index on main',
      author: HUBOT,
      changes: { 'src/index.js': 'main version\n' },
    });
    const base = git().branchSha(KEY, 'main') as string;
    const head = git().branchSha(KEY, DEMO_FEATURE_BRANCH) as string;
    expect(git().mergeTrees(KEY, base, head).conflicts).toEqual(['src/index.js']);
    expect(() => git().merge(KEY, 'main', DEMO_FEATURE_BRANCH, 'Merge', HUBOT)).toThrow(
      'feature/login conflicts with main in src/index.js',
    );
    expect(git().branchSha(KEY, 'main')).toBe(base);
  });

  it('refuses to merge a branch or head that does not exist', () => {
    expect(() => git().merge(KEY, 'nope', 'main', 'x', HUBOT)).toThrow('nope does not exist');
    expect(() => git().merge(KEY, 'main', 'nope', 'x', HUBOT)).toThrow('nope does not exist');
  });

  it('serves a merge commit with both parents through the commits API', async () => {
    const sha = git().merge(KEY, 'main', DEMO_FEATURE_BRANCH, 'Merge', HUBOT);
    const answer = await githubHttp(gh.emulator, 'GET', `/repos/octo-org/hello-world/commits/${sha}`);
    expect(answer.body.parents).toHaveLength(2);
    expect(answer.body.files.map((file: { filename: string }) => file.filename)).toEqual([
      'src/index.js',
      'src/login.js',
    ]);
    const history = await githubHttp(
      gh.emulator,
      'GET',
      '/repos/octo-org/hello-world/commits?path=src/login.js',
    );
    expect(history.body.map((commit: { commit: { message: string } }) => commit.commit.message)).toEqual([
      'Add a login form',
    ]);
  });

  it('answers 400 to a since that is no time', async () => {
    const answer = await githubHttp(
      gh.emulator,
      'GET',
      '/repos/octo-org/hello-world/commits?since=yesterday',
    );
    expect(answer.status).toBe(400);
  });
});
