import { describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/steps/api-call.js';
import { useGithubEmulator } from '../github-fixture.js';

const ACCEPT = { accept: 'application/vnd.github+json' };
const REPO = '/repos/octo-org/hello-world';

/**
 * The endpoints commonly called through API Call: a repository's collaborators and their permission,
 * contents, issues, pull requests and their merge, branches, git refs, and /rate_limit. Walked in an
 * order where each call sets up the next.
 */
describe('github.api_call reaches every common endpoint against the emulator', () => {
  const gh = useGithubEmulator();
  const call = async (method: string, endpoint: string, body?: unknown) => {
    const outcome = await gh.run<{ status: number; body: any }>(apiCall, {
      method,
      endpoint,
      headers: ACCEPT,
      ...(body === undefined ? {} : { body }),
    });
    if (!outcome.ok) throw new Error(`${method} ${endpoint} failed: ${outcome.error?.message}`);
    return outcome.result as { status: number; body: any };
  };

  it('collaborators: add with a permission, read the permission, remove', async () => {
    for (const permission of ['pull', 'triage', 'push', 'maintain', 'admin']) {
      await call('PUT', `${REPO}/collaborators/mona`, { permission });
      const read = await call('GET', `${REPO}/collaborators/mona/permission`);
      expect(read.body.user.login).toBe('mona');
      expect(read.body.role_name).toBe(
        permission === 'pull' ? 'read' : permission === 'push' ? 'write' : permission,
      );
    }
    expect((await call('DELETE', `${REPO}/collaborators/mona`)).status).toBe(204);
    const after = await gh.run(apiCall, {
      method: 'GET',
      endpoint: `${REPO}/collaborators/mona`,
      headers: ACCEPT,
    });
    expect(after.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses an invalid collaborator permission before sending it, adding no one', async () => {
    const outcome = await gh.run(apiCall, {
      method: 'PUT',
      endpoint: `${REPO}/collaborators/mona`,
      headers: ACCEPT,
      body: { permission: 'owner' },
    });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/body/permission' });
    expect(gh.emulator.requests).toEqual([]);
    expect(gh.emulator.state.repository('octo-org', 'hello-world')?.collaborators.has('mona')).toBe(false);
  });

  it('contents, branches, refs, pull requests and merge', async () => {
    const readme = await call('GET', `${REPO}/contents/README.md`);
    expect(readme.body).toMatchObject({ type: 'file', encoding: 'base64', path: 'README.md' });

    const main = await call('GET', `${REPO}/branches/main`);
    const branches = await call('GET', `${REPO}/branches`);
    expect(branches.body.map((branch: { name: string }) => branch.name)).toContain('main');

    const ref = await call('POST', `${REPO}/git/refs`, {
      ref: 'refs/heads/api-call-demo',
      sha: main.body.commit.sha,
    });
    expect(ref.status).toBe(201);

    const created = await call('PUT', `${REPO}/contents/notes/api-call.md`, {
      message: 'Add notes',
      content: Buffer.from('# Notes\n').toString('base64'),
      branch: 'api-call-demo',
    });
    expect(created.status).toBe(201);
    const updated = await call('PUT', `${REPO}/contents/notes/api-call.md`, {
      message: 'Update notes',
      content: Buffer.from('# Notes\n\nMore.\n').toString('base64'),
      sha: created.body.content.sha,
      branch: 'api-call-demo',
    });
    expect(updated.status).toBe(200);

    const pull = await call('POST', `${REPO}/pulls`, { title: 'Notes', head: 'api-call-demo', base: 'main' });
    expect(pull.status).toBe(201);
    const number = pull.body.number;
    await call('PATCH', `${REPO}/pulls/${number}`, { body: 'Adds notes written by the API Call step' });
    expect((await call('GET', `${REPO}/pulls/${number}`)).body.body).toBe(
      'Adds notes written by the API Call step',
    );
    expect((await call('GET', `${REPO}/pulls`)).body.map((p: { number: number }) => p.number)).toContain(
      number,
    );
    const merged = await call('PUT', `${REPO}/pulls/${number}/merge`, { merge_method: 'merge' });
    expect(merged.body).toMatchObject({ merged: true });

    const onMain = await call('GET', `${REPO}/contents/notes/api-call.md?ref=main`);
    expect(Buffer.from(onMain.body.content, 'base64').toString()).toBe('# Notes\n\nMore.\n');
    const removed = await call('DELETE', `${REPO}/contents/notes/api-call.md`, {
      message: 'Remove notes',
      sha: onMain.body.sha,
    });
    expect(removed.status).toBe(200);
  });

  it('issues: create, read, list and update', async () => {
    const issue = await call('POST', `${REPO}/issues`, {
      title: 'Filed by the API Call step',
      labels: ['bug'],
    });
    expect(issue.status).toBe(201);
    const number = issue.body.number;
    expect((await call('GET', `${REPO}/issues/${number}`)).body.title).toBe('Filed by the API Call step');
    expect((await call('GET', `${REPO}/issues`)).body.map((i: { number: number }) => i.number)).toContain(
      number,
    );
    const closed = await call('PATCH', `${REPO}/issues/${number}`, {
      state: 'closed',
      state_reason: 'completed',
    });
    expect(closed.body.state).toBe('closed');
  });

  it('reports the rate limit', async () => {
    const { body } = await call('GET', '/rate_limit');
    expect(body.rate).toMatchObject({ limit: 5000 });
  });
});
