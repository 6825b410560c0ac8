import { describe, expect, it } from '@jest/globals';
import { DEMO_ISSUES, MONA_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import { KEY, pushBranch, REPO } from './pull-fixture.js';

const PULL = `${REPO}/pulls/${DEMO_ISSUES.loginPull}`;

describe('the emulated pull requests API merges as GitHub does', () => {
  const gh = useGithubEmulator();
  const http = (method: string, path: string, options?: { token?: string; body?: unknown }) =>
    githubHttp(gh.emulator, method, path, options);
  const git = () => gh.emulator.state.git;

  it('merges with a merge commit, moving main and closing the pull request', async () => {
    const main = git().branchSha(KEY, 'main') as string;
    const head = git().branchSha(KEY, 'feature/login') as string;
    const merged = await http('PUT', `${PULL}/merge`, {
      body: { commit_title: 'Merge the login form', sha: head },
    });
    expect(merged).toMatchObject({
      status: 200,
      body: { merged: true, message: 'Pull Request successfully merged' },
    });
    expect(git().branchSha(KEY, 'main')).toBe(merged.body.sha);
    const commit = git().commit(KEY, merged.body.sha);
    expect(commit?.parents).toEqual([main, head]);
    expect(commit?.message).toBe('Merge the login form\n\nAdd a login form');
    expect(git().file(KEY, merged.body.sha, 'src/login.js')?.toString()).toContain('Welcome');

    const pull = await http('GET', PULL);
    expect(pull.body).toMatchObject({
      state: 'closed',
      merged: true,
      merged_by: { login: 'octocat' },
      merge_commit_sha: merged.body.sha,
      commits: 1,
      requested_reviewers: [],
    });
    expect((await http('GET', `${PULL}/merge`)).status).toBe(204);
    expect(
      (await http('GET', `${REPO}/issues/${DEMO_ISSUES.loginPull}`)).body.pull_request.merged_at,
    ).toEqual(pull.body.merged_at);
    expect((await http('GET', `${PULL}/commits`)).body.map((c: { sha: string }) => c.sha)).toEqual([head]);
  });

  it('refuses a second merge with 405 and a stale head sha with 409, changing nothing', async () => {
    const main = git().branchSha(KEY, 'main');
    const stale = await http('PUT', `${PULL}/merge`, { body: { sha: main } });
    expect(stale).toMatchObject({
      status: 409,
      body: { message: 'Head branch was modified. Review and try the merge again.' },
    });
    expect(git().branchSha(KEY, 'main')).toBe(main);
    expect((await http('GET', `${PULL}/merge`)).status).toBe(404);
    expect((await http('PUT', `${PULL}/merge`)).status).toBe(200);
    const again = await http('PUT', `${PULL}/merge`);
    expect(again).toMatchObject({ status: 405, body: { message: 'Pull Request is not mergeable' } });
  });

  it('squashes into one commit, or replays the commits with rebase', async () => {
    pushBranch(gh.emulator, 'squashed', { 'a.md': 'a\n', 'b.md': 'b\n' });
    const squash = await http('POST', `${REPO}/pulls`, {
      body: { title: 'Two files', head: 'squashed', base: 'main' },
    });
    const main = git().branchSha(KEY, 'main') as string;
    const merged = await http('PUT', `${REPO}/pulls/${squash.body.number}/merge`, {
      body: { merge_method: 'squash' },
    });
    const commit = git().commit(KEY, merged.body.sha);
    expect(commit?.parents).toEqual([main]);
    expect(commit?.message).toBe('Two files (#8)\n\n* Add a.md\n\n* Add b.md');

    pushBranch(gh.emulator, 'rebased', { 'c.md': 'c\n', 'd.md': 'd\n' });
    const rebase = await http('POST', `${REPO}/pulls`, {
      body: { title: 'Two more', head: 'rebased', base: 'main' },
    });
    const before = git().branchSha(KEY, 'main') as string;
    const rebased = await http('PUT', `${REPO}/pulls/${rebase.body.number}/merge`, {
      body: { merge_method: 'rebase' },
    });
    const history = git().history(KEY, rebased.body.sha).slice(0, 3);
    expect(history.map((c) => c.message)).toEqual(['Add d.md', 'Add c.md', expect.any(String)]);
    expect(history[2].sha).toBe(before);
    expect(history[0].committer.name).toBe('The Octocat');
  });

  it('refuses to merge without push access, a draft, or a closed pull request', async () => {
    expect((await http('PUT', `${PULL}/merge`, { token: MONA_TOKEN })).status).toBe(403);
    pushBranch(gh.emulator, 'draft', { 'draft.md': 'x\n' });
    const draft = await http('POST', `${REPO}/pulls`, {
      body: { title: 'Draft', head: 'draft', base: 'main', draft: true },
    });
    const refused = await http('PUT', `${REPO}/pulls/${draft.body.number}/merge`);
    expect(refused).toMatchObject({ status: 405, body: { message: 'Pull Request is still a draft' } });
    await http('PATCH', PULL, { body: { state: 'closed' } });
    expect((await http('PUT', `${PULL}/merge`)).status).toBe(405);
    expect(gh.emulator.state.issues.find(KEY, DEMO_ISSUES.loginPull)?.pull_request?.merged_at).toBeNull();
  });

  it('closes and reopens, but not a merged one nor one whose branches have another open pull request', async () => {
    expect((await http('PATCH', PULL, { body: { state: 'closed' } })).body).toMatchObject({
      state: 'closed',
      merged: false,
    });
    const twin = await http('POST', `${REPO}/pulls`, {
      body: { title: 'Again', head: 'feature/login', base: 'main' },
    });
    expect(twin.status).toBe(201);
    const reopen = await http('PATCH', PULL, { body: { state: 'open' } });
    expect(reopen.status).toBe(422);
    expect(reopen.body.errors[0].message).toContain(`already an open pull request (#${twin.body.number})`);
    await http('PUT', `${REPO}/pulls/${twin.body.number}/merge`);
    const merged = await http('PATCH', `${REPO}/pulls/${twin.body.number}`, { body: { state: 'open' } });
    expect(merged.status).toBe(422);
    expect(merged.body.errors[0].message).toContain('cannot be reopened because it was merged');
  });

  it('lists pull requests by state, head and base', async () => {
    pushBranch(gh.emulator, 'docs', { 'docs/x.md': 'x\n' });
    await http('POST', `${REPO}/pulls`, { body: { title: 'Docs', head: 'docs', base: 'feature/login' } });
    const numbers = async (query: string) =>
      (await http('GET', `${REPO}/pulls${query}`)).body.map((pull: { number: number }) => pull.number);
    expect(await numbers('')).toEqual([8, 7]);
    expect(await numbers('?base=main')).toEqual([7]);
    expect(await numbers('?head=octo-org:docs')).toEqual([8]);
    expect(await numbers('?head=mona:docs')).toEqual([]);
    await http('PATCH', `${REPO}/pulls/8`, { body: { state: 'closed' } });
    expect(await numbers('?state=closed')).toEqual([8]);
    expect(await numbers('?state=all&sort=created&direction=asc')).toEqual([7, 8]);
  });
});
