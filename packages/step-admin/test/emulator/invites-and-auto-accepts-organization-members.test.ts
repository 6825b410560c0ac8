import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type AdminEmulator, createAdminEmulator } from '../../src/testing/index.js';
import { ADA, BEN, bearer, call, grant, PROJECT } from './admin-http.js';

describe('POST /latest/auth/invite/create and /delete', () => {
  let emulator: AdminEmulator;
  const editor = grant({ 'role:editor': true });
  const create = (body: unknown, auth = bearer(ADA)) =>
    call(emulator, 'EU', '/latest/auth/invite/create', { auth, body });
  const remove = (body: unknown, auth = bearer(ADA)) =>
    call(emulator, 'EU', '/latest/auth/invite/delete', { auth, body });

  beforeAll(async () => {
    emulator = await createAdminEmulator();
  });
  beforeEach(() => emulator.resetState());
  afterAll(() => emulator.close());

  it('keeps an invite to someone outside the organization pending', async () => {
    const answer = await create({ email: 'new@else.test', permissions: editor });
    expect(answer).toMatchObject({
      status: 200,
      body: { invite_code: 'inv-1', email: 'new@else.test', permissions: editor, status: 'pending' },
    });
    expect(answer.body).not.toHaveProperty('user_id');
    expect(emulator.invites.get('inv-1')).toMatchObject({ project_id: PROJECT, status: 'pending' });
    expect(emulator.projectUsers(PROJECT)?.size).toBe(2);
  });

  it('accepts an invite to an organization member at once', async () => {
    const answer = await create({ email: 'CY@acme.test', permissions: editor });
    expect(answer.body).toEqual({
      invite_code: 'inv-1',
      email: 'CY@acme.test',
      permissions: editor,
      status: 'accepted',
      user_id: 'user-cy',
    });
    expect(emulator.projectUsers(PROJECT)?.get('user-cy')).toEqual(editor);
  });

  it('does not auto-accept a member of another organization', async () => {
    const answer = await create({ email: 'kim@kiwi.test', permissions: editor });
    expect(answer.body.status).toBe('pending');
    expect(emulator.projectUsers(PROJECT)?.has('user-kim')).toBe(false);
  });

  it('refuses to invite a project user or to invite twice with 409', async () => {
    const existing = await create({ email: 'ben@acme.test', permissions: editor });
    expect(existing).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('users/user-ben/update') },
    });
    await create({ email: 'new@else.test', permissions: editor });
    const twice = await create({ email: 'new@else.test', permissions: grant({ admin: true }) });
    expect(twice).toMatchObject({ status: 409, body: { message: expect.stringContaining('inv-1') } });
    expect(emulator.invites.size).toBe(1);
    expect(emulator.invites.get('inv-1')?.permissions).toEqual(editor);
  });

  it('refuses a caller without admin on the project with 403', async () => {
    const answer = await create({ email: 'new@else.test', permissions: editor }, bearer(BEN));
    expect(answer).toMatchObject({ status: 403, body: { message: expect.stringContaining('admin') } });
    expect(emulator.invites.size).toBe(0);
  });

  it.each(['ada', 'ada@acme', 'a da@acme.test', '@acme.test'])(
    'refuses the malformed email %p with 422',
    async (email) => {
      const answer = await create({ email, permissions: editor });
      expect(answer).toMatchObject({ status: 422, body: { message: expect.stringContaining('email') } });
      expect(emulator.invites.size).toBe(0);
    },
  );

  it.each([
    ['a role name instead of the object', 'admin', 'permissions must be an object'],
    ['no items', { actions: { admin: true } }, 'permissions.items'],
    ['an unknown scope', { items: { other: { actions: { admin: true } } } }, 'unknown scope "other"'],
    ['no actions', { items: { serviceDefault: {} } }, 'actions must be an object'],
    ['an unknown action', grant({ owner: true }), 'action "owner" is unknown'],
    ['a string value', { items: { serviceDefault: { actions: { admin: 'yes' } } } }, 'must be true or false'],
  ])('refuses permissions with %s with 422', async (_case, permissions, message) => {
    const answer = await create({ email: 'new@else.test', permissions });
    expect(answer).toMatchObject({ status: 422, body: { message: expect.stringContaining(message) } });
    expect(emulator.invites.size).toBe(0);
  });

  it('names a missing email or permissions with 400', async () => {
    expect(await create({ permissions: editor })).toMatchObject({
      status: 400,
      body: { message: 'email is required' },
    });
    expect(await create({ email: 'new@else.test' })).toMatchObject({
      status: 400,
      body: { message: 'permissions is required' },
    });
  });

  it('deletes an invite by its code', async () => {
    await create({ email: 'new@else.test', permissions: editor });
    const answer = await remove({ invite_code: 'inv-1' });
    expect(answer).toMatchObject({ status: 200, body: { invite_code: 'inv-1', deleted: true } });
    expect(emulator.invites.has('inv-1')).toBe(false);
    const again = await create({ email: 'new@else.test', permissions: grant({ admin: true }) });
    expect(again.body).toMatchObject({ invite_code: 'inv-2', status: 'pending' });
  });

  it('answers an unknown invite_code, or one of another project, with 404', async () => {
    expect(await remove({ invite_code: 'inv-404' })).toMatchObject({
      status: 404,
      body: { message: 'Invite "inv-404" not found on project "proj-acme-1"' },
    });
    const created = await call(emulator, 'EU', '/latest/projects/create', {
      auth: `Bearer :${ADA}`,
      body: { name: 'Other', description: '', organization_id: 'org-acme' },
    });
    await create({ email: 'new@else.test', permissions: editor }, bearer(ADA, created.body.project_id));
    expect((await remove({ invite_code: 'inv-1' })).status).toBe(404);
    expect(emulator.invites.has('inv-1')).toBe(true);
  });

  it('refuses invite deletion without admin or without invite_code', async () => {
    await create({ email: 'new@else.test', permissions: editor });
    expect((await remove({ invite_code: 'inv-1' }, bearer(BEN))).status).toBe(403);
    expect(await remove({})).toMatchObject({ status: 400, body: { message: 'invite_code is required' } });
    expect(emulator.invites.has('inv-1')).toBe(true);
  });
});
