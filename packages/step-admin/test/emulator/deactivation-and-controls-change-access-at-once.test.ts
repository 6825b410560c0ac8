import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type AdminEmulator, createAdminEmulator } from '../../src/testing/index.js';
import { ADA, accountAuth, BEN, bearer, call, grant, PROJECT } from './admin-http.js';

describe('deactivation and the state controls', () => {
  let emulator: AdminEmulator;
  const invite = (auth: string) =>
    call(emulator, 'EU', '/latest/auth/invite/create', {
      auth,
      body: { email: 'new@else.test', permissions: grant({ 'role:viewer': true }) },
    });

  beforeAll(async () => {
    emulator = await createAdminEmulator();
  });
  beforeEach(() => emulator.resetState());
  afterAll(() => emulator.close());

  it("rejects a deactivated user's key on the very next request", async () => {
    expect((await invite(bearer(ADA))).status).toBe(200);
    emulator.deactivateUser('user-ada');
    const refused = await invite(bearer(ADA));
    expect(refused).toMatchObject({ status: 401, body: { message: expect.stringContaining('deactivated') } });
    const create = await call(emulator, 'EU', '/latest/projects/create', {
      auth: accountAuth(ADA),
      body: { name: 'n', description: 'd', organization_id: 'org-acme' },
    });
    expect(create.status).toBe(401);
    expect(emulator.invites.size).toBe(1);
    expect(emulator.users.get('user-ada')?.active).toBe(false);
    // Other users' keys keep working: ben is authenticated, then refused for lack of admin.
    expect((await invite(bearer(BEN))).status).toBe(403);
  });

  it('setPermissions grants admin without the API', async () => {
    emulator.setPermissions(PROJECT, 'user-ben', grant({ admin: true }));
    expect((await invite(bearer(BEN))).status).toBe(200);
    emulator.setPermissions(PROJECT, 'user-ben', grant({ 'role:viewer': true }));
    expect((await invite(bearer(BEN))).status).toBe(403);
  });

  it('setPermissions refuses what the API would refuse', () => {
    expect(() => emulator.setPermissions('proj-nope', 'user-ben', grant({ admin: true }))).toThrow(
      'proj-nope',
    );
    expect(() => emulator.setPermissions(PROJECT, 'user-nope', grant({ admin: true }))).toThrow('user-nope');
    expect(() => emulator.setPermissions(PROJECT, 'user-ben', grant({ root: true }) as never)).toThrow(
      '"root"',
    );
    expect(emulator.projectUsers(PROJECT)?.get('user-ben')).toEqual(grant({ 'role:viewer': true }));
  });

  it('resetState brings back the demo seed and its counters', async () => {
    emulator.deactivateUser('user-ada');
    emulator.setPermissions(PROJECT, 'user-cy', grant({ admin: true }));
    await invite(bearer('key-made-up'));
    emulator.resetState();
    expect(emulator.users.get('user-ada')?.active).toBe(true);
    expect(emulator.projectUsers(PROJECT)?.has('user-cy')).toBe(false);
    expect((await invite(bearer(ADA))).body.invite_code).toBe('inv-1');
  });

  it('seeds the documented demo organizations, users and account', () => {
    expect(emulator.organizations.get('org-acme')).toEqual({
      id: 'org-acme',
      region: 'EU',
      members: ['user-ada', 'user-ben', 'user-cy'],
    });
    expect(emulator.organizations.get('org-kiwi')).toEqual({
      id: 'org-kiwi',
      region: 'AU',
      members: ['user-kim'],
    });
    expect(emulator.users.get('user-cy')).toEqual({
      id: 'user-cy',
      email: 'cy@acme.test',
      active: true,
      orgs: ['org-acme'],
    });
    expect(emulator.account).toEqual({
      id: 'admin-demo',
      integration: 'admin',
      name: 'Acme admin',
      settings: { region: 'EU', baseUrl: `${emulator.baseUrl}/eu`, projectId: PROJECT },
      credentials: { apiKey: ADA },
    });
  });
});
