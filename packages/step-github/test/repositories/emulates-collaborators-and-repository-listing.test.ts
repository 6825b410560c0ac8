import { describe, expect, it } from '@jest/globals';
import { HUBOT_TOKEN, MONA_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from './github-http.js';

const REPO = '/repos/octo-org/hello-world';

describe('the emulator: collaborators, the caller’s repositories and path safety', () => {
  const gh = useGithubEmulator();
  const http = (method: string, path: string, options?: { token?: string; body?: unknown }) =>
    githubHttp(gh.emulator, method, path, options);
  const collaborators = () => gh.emulator.state.repository('octo-org', 'hello-world')?.collaborators;

  it('invites a new collaborator with 201 and an invitation, then answers 204', async () => {
    const invited = await http('PUT', `${REPO}/collaborators/mona`, { body: { permission: 'triage' } });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      permissions: 'triage',
      invitee: { login: 'mona' },
      inviter: { login: 'octocat' },
      repository: { full_name: 'octo-org/hello-world' },
    });
    const again = await http('PUT', `${REPO}/collaborators/mona`, { body: { permission: 'maintain' } });
    expect(again.status).toBe(204);
    expect(collaborators()?.get('mona')).toBe('maintain');
    expect((await http('GET', `${REPO}/collaborators/mona`)).status).toBe(204);
    const permission = await http('GET', `${REPO}/collaborators/mona/permission`);
    expect(permission.body).toMatchObject({
      permission: 'write',
      role_name: 'maintain',
      user: { login: 'mona' },
    });
    expect((await http('DELETE', `${REPO}/collaborators/mona`)).status).toBe(204);
    expect((await http('GET', `${REPO}/collaborators/mona`)).status).toBe(404);
  });

  it('lists everyone with access, paginated, with permissions and role names', async () => {
    const all = await http('GET', `${REPO}/collaborators`);
    expect(
      all.body.map((user: { login: string; role_name: string }) => `${user.login}:${user.role_name}`),
    ).toEqual(['octocat:admin', 'hubot:write']);
    expect(all.body[1].permissions).toEqual({
      admin: false,
      maintain: false,
      push: true,
      triage: true,
      pull: true,
    });
    const page = await http('GET', `${REPO}/collaborators?per_page=1`);
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('link')).toContain('rel="next"');
    const admins = await http('GET', `${REPO}/collaborators?permission=admin`);
    expect(admins.body.map((user: { login: string }) => user.login)).toEqual(['octocat']);
  });

  it('refuses an invalid permission with 422 naming the field, adding no one', async () => {
    const answer = await http('PUT', `${REPO}/collaborators/mona`, { body: { permission: 'owner' } });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message: 'Validation Failed',
      errors: [{ field: 'permission', code: 'invalid' }],
    });
    expect(collaborators()?.has('mona')).toBe(false);
  });

  it('lets only admins change collaborators, and only pushers list them', async () => {
    const byHubot = await http('PUT', `${REPO}/collaborators/mona`, {
      token: HUBOT_TOKEN,
      body: { permission: 'push' },
    });
    expect(byHubot).toMatchObject({
      status: 403,
      body: { message: 'Must have admin rights to Repository.' },
    });
    expect((await http('DELETE', `${REPO}/collaborators/hubot`, { token: HUBOT_TOKEN })).status).toBe(403);
    expect(collaborators()?.get('hubot')).toBe('push');
    expect((await http('GET', `${REPO}/collaborators`, { token: HUBOT_TOKEN })).status).toBe(200);
    const byMona = await http('GET', `${REPO}/collaborators`, { token: MONA_TOKEN });
    expect(byMona.status).toBe(403);
    const monaReads = await http('GET', `${REPO}/collaborators/mona/permission`, { token: MONA_TOKEN });
    expect(monaReads.body).toMatchObject({ permission: 'read', role_name: 'read' });
  });

  it('lists the caller’s repositories by affiliation and visibility', async () => {
    const names = async (query: string, token?: string) =>
      (await http('GET', `/user/repos${query}`, { token })).body.map(
        (repo: { full_name: string }) => repo.full_name,
      );
    const mine = await names('');
    expect(mine).toEqual(
      expect.arrayContaining(['octo-org/hello-world', 'octocat/secret-plans', 'octocat/spoon-knife']),
    );
    expect(mine).toEqual([...mine].sort());
    expect(await names('?affiliation=owner')).not.toContain('octo-org/hello-world');
    expect(await names('?visibility=private')).toEqual(['octocat/secret-plans']);
    expect(await names('', HUBOT_TOKEN)).toEqual(['octo-org/hello-world']);
    expect(await names('', MONA_TOKEN)).toEqual([]);
  });

  it('answers 404 for owner or repo values that try to reach another repository', async () => {
    for (const path of [
      '/repos/octocat%2Fsecret-plans/x',
      '/repos/octo-org/..%2F..%2Foctocat%2Fsecret-plans',
      '/repos/..%2Foctocat/secret-plans',
      '/repos/octocat/secret-plans%2F..',
      '/repos/octo-org/hello-world%3Fx/contents/README.md',
    ]) {
      const answer = await http('GET', path, { token: MONA_TOKEN });
      expect([path, answer.status]).toEqual([path, 404]);
    }
    const traversal = await http('GET', `${REPO}/contents/docs%2F..%2FREADME.md`);
    expect(traversal.status).toBe(404);
  });

  it('creates repositories over HTTP with the documented refusals', async () => {
    const invalid = await http('POST', '/user/repos', { body: { name: 'bad name!' } });
    expect(invalid).toMatchObject({ status: 422, body: { errors: [{ field: 'name', code: 'custom' }] } });
    const missing = await http('POST', '/user/repos', { body: {} });
    expect(missing).toMatchObject({
      status: 422,
      body: { errors: [{ field: 'name', code: 'missing_field' }] },
    });
    const duplicate = await http('POST', '/user/repos', { body: { name: 'Spoon-Knife' } });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors[0].message).toBe('name already exists on this account');
    expect(gh.emulator.state.repository('octocat', 'bad name!')).toBeUndefined();
  });
});
