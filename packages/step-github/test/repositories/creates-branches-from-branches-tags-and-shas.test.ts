import { describe, expect, it } from '@jest/globals';
import { createBranch } from '../../src/steps/create-branch.js';
import {
  DEMO_FEATURE_BRANCH,
  DEMO_REPO,
  DEMO_TAG,
  HUBOT_TOKEN,
  MONA_TOKEN,
} from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

type Json = any;

const KEY = 'octo-org/hello-world';

describe('github.create_branch', () => {
  const gh = useGithubEmulator();
  const git = () => gh.emulator.state.git;
  const branches = () =>
    git()
      .refs(KEY)
      .map(({ ref }) => ref);

  it('starts from the default branch when from is absent', async () => {
    const outcome = await gh.run<Json>(createBranch, { ...DEMO_REPO, branch: 'docs/typos' });
    const main = git().branchSha(KEY, 'main');
    expect(outcome.result).toMatchObject({
      ref: 'refs/heads/docs/typos',
      object: { type: 'commit', sha: main },
    });
    expect(outcome.exchanges.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      'GET /repos/octo-org/hello-world 200',
      'GET /repos/octo-org/hello-world/git/ref/heads/main 200',
      'POST /repos/octo-org/hello-world/git/refs 201',
    ]);
    expect(git().branchSha(KEY, 'docs/typos')).toBe(main);
  });

  it('starts from another branch, whose name may hold a slash', async () => {
    const outcome = await gh.run<Json>(createBranch, {
      ...DEMO_REPO,
      branch: 'login-v2',
      from: DEMO_FEATURE_BRANCH,
    });
    expect(outcome.result.object.sha).toBe(git().branchSha(KEY, DEMO_FEATURE_BRANCH));
  });

  it('starts from a tag when no branch has the name', async () => {
    const outcome = await gh.run<Json>(createBranch, {
      ...DEMO_REPO,
      branch: 'hotfix/1.0.1',
      from: DEMO_TAG,
    });
    expect(outcome.result.object.sha).toBe(git().tagSha(KEY, DEMO_TAG));
    expect(outcome.exchanges.map(({ path, status }) => `${path} ${status}`).slice(0, 2)).toEqual([
      '/repos/octo-org/hello-world/git/ref/heads/v1.0.0 404',
      '/repos/octo-org/hello-world/git/ref/tags/v1.0.0 200',
    ]);
  });

  it('starts from a full or a short commit sha', async () => {
    const first = git()
      .history(KEY, git().branchSha(KEY, 'main') as string)
      .at(-1)?.sha as string;
    const full = await gh.run<Json>(createBranch, { ...DEMO_REPO, branch: 'from-full', from: first });
    expect(full.result.object.sha).toBe(first);
    const short = await gh.run<Json>(createBranch, {
      ...DEMO_REPO,
      branch: 'from-short',
      from: first.slice(0, 7),
    });
    expect(short.result.object.sha).toBe(first);
  });

  it('fails not_found naming a start that is no branch, tag or commit, and creates nothing', async () => {
    const before = branches();
    const outcome = await gh.run(createBranch, { ...DEMO_REPO, branch: 'orphan', from: 'no-such-thing' });
    expect(outcome.error).toMatchObject({ code: 'not_found', field: '/steps/0/args/from' });
    expect(outcome.error?.message).toContain(
      '"no-such-thing" is no branch, tag or commit of octo-org/hello-world',
    );
    expect(branches()).toEqual(before);
    expect(gh.emulator.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("fails with GitHub's message when the branch exists, leaving it where it was", async () => {
    const feature = git().branchSha(KEY, DEMO_FEATURE_BRANCH);
    const outcome = await gh.run(createBranch, { ...DEMO_REPO, branch: DEMO_FEATURE_BRANCH, from: 'v1.0.0' });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('Reference already exists');
    expect(git().branchSha(KEY, DEMO_FEATURE_BRANCH)).toBe(feature);
  });

  it.each([
    ['refs/heads/login-v3', 'give "login-v3", not "refs/heads/login-v3"'],
    ['refs/tags/v2', 'give a name that does not start with refs/'],
    ['refs/heads/refs/x', 'give a name that does not start with refs/'],
  ])('refuses a full ref name (%s) as branch, sending nothing', async (branch, fix) => {
    const before = branches();
    const outcome = await gh.run(createBranch, { ...DEMO_REPO, branch });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/branch' });
    expect(outcome.error?.message).toContain('without refs/heads/ (the step adds it)');
    expect(outcome.error?.message).toContain(fix);
    expect(gh.emulator.requests).toEqual([]);
    expect(branches()).toEqual(before);
  });

  it('looks a start holding a slash up as one commits/ segment, as GitHub reads a ref there', async () => {
    const outcome = await gh.run(createBranch, { ...DEMO_REPO, branch: 'orphan', from: 'no/such' });
    expect(outcome.error?.code).toBe('not_found');
    expect(outcome.exchanges.at(-1)?.path).toBe('/repos/octo-org/hello-world/commits/no%2Fsuch');
  });

  it('lets a collaborator with push create a branch, and refuses a reader', async () => {
    const hubot = await gh.run(
      createBranch,
      { ...DEMO_REPO, branch: 'hubot/work' },
      {
        account: gh.emulator.accountFor('hubot', HUBOT_TOKEN),
      },
    );
    expect(hubot.ok).toBe(true);
    const mona = await gh.run(
      createBranch,
      { ...DEMO_REPO, branch: 'mona/work' },
      {
        account: gh.emulator.accountFor('mona', MONA_TOKEN),
      },
    );
    expect(mona.error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(git().branchSha(KEY, 'mona/work')).toBeUndefined();
  });
});
