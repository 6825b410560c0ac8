import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type AdminEmulator, createAdminEmulator } from '../../src/testing/index.js';
import { ADA, accountAuth, bare, bearer, call, grant, PROJECT } from './admin-http.js';

const viewer = grant({ 'role:viewer': true });

/** Each operation with a valid body and the only Authorization shape the API documents for it. */
const operations = [
  {
    path: '/latest/projects/create',
    body: { name: 'n', description: 'd', organization_id: 'org-acme' },
    good: accountAuth(ADA),
    wrong: [bearer(ADA), bare(ADA), ADA, `Token :${ADA}`],
  },
  {
    path: '/latest/auth/invite/create',
    body: { email: 'new@else.test', permissions: viewer },
    good: bearer(ADA),
    wrong: [accountAuth(ADA), bare(ADA), ADA, `Basic ${PROJECT}:${ADA}`],
  },
  {
    path: '/latest/auth/users/user-ben/update',
    body: { permissions: viewer },
    good: bare(ADA),
    wrong: [bearer(ADA), accountAuth(ADA), `:${ADA}`, ADA],
  },
  {
    path: '/latest/auth/users/user-ben/delete',
    body: {},
    good: bearer(ADA),
    wrong: [accountAuth(ADA), bare(ADA), ADA],
  },
];

describe('Authorization shapes', () => {
  let emulator: AdminEmulator;

  beforeAll(async () => {
    emulator = await createAdminEmulator();
  });
  beforeEach(() => emulator.resetState());
  afterAll(() => emulator.close());

  it.each(operations)('$path answers 200 to its own shape', async ({ path, body, good }) => {
    expect((await call(emulator, 'EU', path, { auth: good, body })).status).toBe(200);
  });

  it.each(operations)('$path refuses every other shape with 401 and changes nothing', async (operation) => {
    for (const auth of [...operation.wrong, undefined]) {
      const answer = await call(emulator, 'EU', operation.path, { auth, body: operation.body });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toMatch(/Authorization header/);
      expect(JSON.stringify(answer.body)).not.toContain(ADA);
    }
    expect(emulator.projects.size).toBe(1);
    expect(emulator.invites.size).toBe(0);
    expect(emulator.projectUsers(PROJECT)?.get('user-ben')).toEqual(viewer);
  });

  it('tells the update-role caller to drop Bearer', async () => {
    const answer = await call(emulator, 'EU', '/latest/auth/users/user-ben/update', {
      auth: bearer(ADA),
      body: { permissions: grant({ admin: true }) },
    });
    expect(answer).toMatchObject({
      status: 401,
      body: { message: expect.stringContaining('without Bearer') },
    });
    expect(emulator.projectUsers(PROJECT)?.get('user-ben')).toEqual(viewer);
  });

  it('refuses an unknown key with 401 without repeating it', async () => {
    for (const [path, auth] of [
      ['/latest/projects/create', accountAuth('key-made-up-9999')],
      ['/latest/auth/invite/create', bearer('key-made-up-9999')],
      ['/latest/auth/users/user-ben/update', bare('key-made-up-9999')],
    ]) {
      const answer = await call(emulator, 'EU', path, { auth, body: {} });
      expect(answer).toMatchObject({ status: 401, body: { message: 'The API key is not valid' } });
    }
  });

  it('answers a project part naming no project with 404', async () => {
    const answer = await call(emulator, 'EU', '/latest/auth/invite/create', {
      auth: bearer(ADA, 'proj-nope'),
      body: { email: 'x@y.test', permissions: viewer },
    });
    expect(answer).toMatchObject({ status: 404, body: { message: 'Project "proj-nope" not found' } });
    expect(emulator.invites.size).toBe(0);
  });

  it('sends project-scoped calls at the wrong region to the right base address with 421', async () => {
    for (const region of ['AU', 'US'] as const) {
      const answer = await call(emulator, region, '/latest/auth/users/user-ben/delete', {
        auth: bearer(ADA),
      });
      expect(answer).toMatchObject({
        status: 421,
        body: { message: 'organization org-acme is hosted in EU; use the EU base address' },
      });
    }
    expect(emulator.projectUsers(PROJECT)?.has('user-ben')).toBe(true);
  });
});
