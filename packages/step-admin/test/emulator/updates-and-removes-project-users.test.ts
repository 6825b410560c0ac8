import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type AdminEmulator, createAdminEmulator } from '../../src/testing/index.js';
import { ADA, BEN, bare, bearer, call, grant, PROJECT } from './admin-http.js';

describe('POST /latest/auth/users/{user_id}/update and /delete', () => {
  let emulator: AdminEmulator;
  const editor = grant({ 'role:editor': true, 'role:viewer': true });
  const update = (userId: string, body: unknown, auth = bare(ADA)) =>
    call(emulator, 'EU', `/latest/auth/users/${userId}/update`, { auth, body });
  const remove = (userId: string, auth = bearer(ADA)) =>
    call(emulator, 'EU', `/latest/auth/users/${userId}/delete`, { auth, body: {} });

  beforeAll(async () => {
    emulator = await createAdminEmulator();
  });
  beforeEach(() => emulator.resetState());
  afterAll(() => emulator.close());

  it("replaces a project user's permissions", async () => {
    const answer = await update('user-ben', { permissions: editor });
    expect(answer).toMatchObject({ status: 200, body: { user_id: 'user-ben', permissions: editor } });
    expect(emulator.projectUsers(PROJECT)?.get('user-ben')).toEqual(editor);
  });

  it('answers a user who is not on the project with 404', async () => {
    const answer = await update('user-cy', { permissions: editor });
    expect(answer).toMatchObject({
      status: 404,
      body: { message: 'User "user-cy" is not a user of project "proj-acme-1"' },
    });
    expect(emulator.projectUsers(PROJECT)?.has('user-cy')).toBe(false);
  });

  it('refuses invalid or missing permissions and keeps the old ones', async () => {
    expect((await update('user-ben', { permissions: grant({ 'role:owner': true }) })).status).toBe(422);
    expect(await update('user-ben', {})).toMatchObject({
      status: 400,
      body: { message: 'permissions is required' },
    });
    expect(emulator.projectUsers(PROJECT)?.get('user-ben')).toEqual(grant({ 'role:viewer': true }));
  });

  it('refuses a non-admin with 403', async () => {
    const answer = await update('user-ben', { permissions: grant({ admin: true }) }, bare(BEN));
    expect(answer.status).toBe(403);
    expect(emulator.projectUsers(PROJECT)?.get('user-ben')).toEqual(grant({ 'role:viewer': true }));
  });

  it('removes a user from the project', async () => {
    const answer = await remove('user-ben');
    expect(answer).toMatchObject({ status: 200, body: { user_id: 'user-ben', removed: true } });
    expect([...(emulator.projectUsers(PROJECT)?.keys() ?? [])]).toEqual(['user-ada']);
    expect((await remove('user-ben')).status).toBe(404);
  });

  it('refuses removal by a non-admin with 403', async () => {
    const answer = await remove('user-ada', bearer(BEN));
    expect(answer).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining('admin permission') },
    });
    expect(emulator.projectUsers(PROJECT)?.has('user-ada')).toBe(true);
  });
});
