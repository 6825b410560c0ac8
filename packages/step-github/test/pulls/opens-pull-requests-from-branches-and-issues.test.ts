import { describe, expect, it } from '@jest/globals';
import { createPullRequest } from '../../src/steps/create-pull-request.js';
import { DEMO_ISSUES, DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { KEY, pushBranch } from './pull-fixture.js';

type Json = any;

describe('github.create_pull_request opens pull requests', () => {
  const gh = useGithubEmulator();

  it('opens a pull request from a branch, with GitHub’s full pull-request shape', async () => {
    const tip = pushBranch(gh.emulator, 'docs/faq', { 'docs/faq.md': '# FAQ\n', 'docs/more.md': '# More\n' });
    const main = gh.emulator.state.git.branchSha(KEY, 'main');
    const outcome = await gh.run<Json>(createPullRequest, {
      ...DEMO_REPO,
      title: 'Add a FAQ',
      head: 'docs/faq',
      base: 'main',
      body: 'Answers the questions people ask most.',
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({
      number: 8,
      state: 'open',
      title: 'Add a FAQ',
      body: 'Answers the questions people ask most.',
      draft: false,
      user: { login: 'octocat' },
      head: { ref: 'docs/faq', sha: tip, label: 'octo-org:docs/faq' },
      base: { ref: 'main', sha: main, label: 'octo-org:main' },
      merged: false,
      mergeable: true,
      commits: 2,
      requested_reviewers: [],
    });
    expect(outcome.result.node_id).toMatch(/^PR_/);
    expect(outcome.result.html_url).toMatch(/\/octo-org\/hello-world\/pull\/8$/);
    expect(outcome.result).toMatchObject({
      additions: 2,
      deletions: 0,
      changed_files: 2,
      mergeable_state: 'clean',
    });
    expect(outcome.exchanges[0]).toMatchObject({
      method: 'POST',
      path: '/repos/octo-org/hello-world/pulls',
      status: 201,
      requestBody: {
        title: 'Add a FAQ',
        head: 'docs/faq',
        base: 'main',
        body: 'Answers the questions people ask most.',
      },
    });
    expect(gh.emulator.state.issues.find(KEY, 8)?.pull_request?.head.ref).toBe('docs/faq');
  });

  it('takes head as owner:branch and opens drafts', async () => {
    pushBranch(gh.emulator, 'wip', { 'wip.txt': 'later\n' });
    const outcome = await gh.run<Json>(createPullRequest, {
      ...DEMO_REPO,
      title: 'Work in progress',
      head: 'octo-org:wip',
      base: 'main',
      draft: true,
    });
    expect(outcome.result).toMatchObject({ draft: true, mergeable_state: 'draft', head: { ref: 'wip' } });
  });

  it('turns an open issue into a pull request that keeps its number, title and body', async () => {
    pushBranch(gh.emulator, 'passkeys', { 'src/passkeys.js': 'export {};\n' });
    const outcome = await gh.run<Json>(createPullRequest, {
      ...DEMO_REPO,
      issue: DEMO_ISSUES.passkeys,
      head: 'passkeys',
      base: 'main',
    });
    expect(outcome.result).toMatchObject({
      number: DEMO_ISSUES.passkeys,
      title: 'Support signing in with a passkey',
      body: 'Passkeys would spare users a password.',
      head: { ref: 'passkeys' },
    });
    expect(gh.emulator.state.issues.list(KEY)).toHaveLength(7);
    expect(gh.emulator.state.issues.find(KEY, DEMO_ISSUES.passkeys)?.labels).toEqual(['enhancement']);
  });
});
