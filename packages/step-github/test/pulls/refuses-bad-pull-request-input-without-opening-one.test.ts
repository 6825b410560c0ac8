import { describe, expect, it } from '@jest/globals';
import { createPullRequest } from '../../src/steps/create-pull-request.js';
import { DEMO_ISSUES, DEMO_REPO, DEMO_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { KEY, pushBranch } from './pull-fixture.js';

describe('bad input to github.create_pull_request: a clear error, and no pull request', () => {
  const gh = useGithubEmulator();
  const pullCount = () => gh.emulator.state.issues.list(KEY).filter((issue) => issue.pull_request).length;
  const open = (input: Record<string, unknown>) => gh.run(createPullRequest, { ...DEMO_REPO, ...input });

  async function refusedBeforeSending(input: Record<string, unknown>) {
    const outcome = await open(input);
    expect(outcome.ok).toBe(false);
    expect(outcome.exchanges).toEqual([]);
    expect(gh.emulator.requests).toEqual([]);
    return outcome.error!;
  }

  it('surfaces GitHub’s 422 for an unknown head branch', async () => {
    const outcome = await open({ title: 'Ghost', head: 'no-such-branch', base: 'main' });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('Validation Failed (head: invalid)');
    expect(pullCount()).toBe(1);
    expect(gh.emulator.state.issues.list(KEY)).toHaveLength(7);
  });

  it('surfaces GitHub’s 422 for an unknown base branch', async () => {
    const outcome = await open({ title: 'Ghost', head: 'feature/login', base: 'release' });
    expect(outcome.error?.message).toContain('base: invalid');
    expect(pullCount()).toBe(1);
  });

  it('refuses a head owned by another account (a fork the emulator does not have)', async () => {
    const outcome = await open({ title: 'From a fork', head: 'mona:feature/login', base: 'main' });
    expect(outcome.error?.message).toContain('head: invalid');
  });

  it('refuses branches with no commits between them', async () => {
    const outcome = await open({ title: 'Nothing new', head: 'main', base: 'feature/login' });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('No commits between feature/login and main');
    expect(pullCount()).toBe(1);
  });

  it('refuses a second open pull request for the same branches', async () => {
    const outcome = await open({ title: 'Again', head: 'feature/login', base: 'main' });
    expect(outcome.error?.message).toContain('A pull request already exists for octo-org:feature/login.');
    expect(pullCount()).toBe(1);
  });

  it('refuses to turn an issue that is already a pull request, or does not exist', async () => {
    pushBranch(gh.emulator, 'topic', { 'topic.md': 'x\n' });
    for (const issue of [DEMO_ISSUES.loginPull, 99]) {
      const outcome = await open({ issue, head: 'topic', base: 'main' });
      expect(outcome.error?.message).toContain('issue: invalid');
    }
    expect(pullCount()).toBe(1);
  });

  it('asks for title or issue, and not both, before sending', async () => {
    const neither = await refusedBeforeSending({ head: 'feature/login', base: 'main' });
    expect(neither).toMatchObject({ code: 'validation', field: '/steps/0/args/title' });
    expect(neither.message).toContain('Give title (a new pull request) or issue');
    const both = await refusedBeforeSending({ title: 'x', issue: 2, head: 'feature/login', base: 'main' });
    expect(both).toMatchObject({ code: 'validation', field: '/steps/0/args/issue' });
  });

  it('refuses branch, owner and repo values that would change the route or are not branch names', async () => {
    for (const [field, value] of [
      ['head', '../main'],
      ['head', 'feature/login?x=1'],
      ['head', 'a b'],
      ['base', 'main/..'],
      ['owner', 'octo-org/hello-world'],
      ['repo', '..'],
    ] as const) {
      const error = await refusedBeforeSending({
        title: 'x',
        head: 'feature/login',
        base: 'main',
        [field]: value,
      });
      expect(error).toMatchObject({ code: 'validation', field: `/steps/0/args/${field}` });
    }
  });

  it('refuses a missing head before sending', async () => {
    const error = await refusedBeforeSending({ title: 'x', base: 'main' });
    expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/head' });
  });

  it('reports a revoked token as unauthorized and opens nothing', async () => {
    pushBranch(gh.emulator, 'late', { 'late.md': 'x\n' });
    gh.emulator.revokeToken(DEMO_TOKEN);
    const outcome = await open({ title: 'Too late', head: 'late', base: 'main' });
    expect(outcome.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(JSON.stringify(outcome)).not.toContain(DEMO_TOKEN);
    expect(pullCount()).toBe(1);
  });
});
