import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testStep } from '@toolsteps/engine/testing';
import admin from '../../src/index.js';
import { createAdminEmulator } from '../../src/testing/index.js';
import { type AdminEmulator, accountWith, lastRequest } from './admin-fixture.js';

const step = (id: string) => admin.steps.find((candidate) => candidate.id === id)!;
const KEY = 'key-ada-admin-0001';

describe('administration steps against the emulator', () => {
  let emulator: AdminEmulator;
  beforeAll(async () => {
    emulator = await createAdminEmulator();
  });
  afterAll(() => emulator.close());

  it('creates a project with the key and no project before the colon', async () => {
    const outcome = await testStep(
      step('admin.create_project'),
      { name: 'Support bots', description: 'Agents for support', organization_id: 'org-acme' },
      { emulator },
    );
    expect(outcome.result).toEqual({ project_id: expect.stringMatching(/^proj-/) });
    expect(lastRequest(emulator)).toMatchObject({
      path: '/eu/latest/projects/create',
      authorization: `Bearer :${KEY}`,
      body: { name: 'Support bots', description: 'Agents for support', organization_id: 'org-acme' },
    });
  });

  it('invites with a role turned into the permissions object, signed with the project', async () => {
    const outcome = await testStep(
      step('admin.create_invite'),
      { email: 'dee@example.test', role: 'editor' },
      { emulator },
    );
    expect(outcome.result).toMatchObject({ email: 'dee@example.test', status: 'pending' });
    expect(lastRequest(emulator)).toMatchObject({
      path: '/eu/latest/auth/invite/create',
      authorization: `Bearer proj-acme-1:${KEY}`,
      body: {
        email: 'dee@example.test',
        permissions: { items: { serviceDefault: { actions: { 'role:editor': true } } } },
      },
    });
  });

  it('accepts at once an invite to someone already in the organization', async () => {
    const outcome = await testStep(
      step('admin.create_invite'),
      { email: 'cy@acme.test', role: 'viewer' },
      { emulator },
    );
    expect(outcome.result).toMatchObject({ status: 'accepted', user_id: 'user-cy' });
  });

  it('updates a role with the header documented without Bearer', async () => {
    const outcome = await testStep(
      step('admin.update_user_role'),
      { user_id: 'user-ben', role: 'admin' },
      { emulator },
    );
    expect(outcome.ok).toBe(true);
    expect(lastRequest(emulator)).toMatchObject({
      path: '/eu/latest/auth/users/user-ben/update',
      authorization: `proj-acme-1:${KEY}`,
      body: { permissions: { items: { serviceDefault: { actions: { admin: true } } } } },
    });
  });

  it('deletes an invite and removes a user', async () => {
    const invited = await testStep<{ invite_code: string }>(
      step('admin.create_invite'),
      { email: 'eve@example.test', role: 'viewer' },
      { emulator },
    );
    const deleted = await testStep(
      step('admin.delete_invite'),
      { invite_code: invited.result!.invite_code },
      { emulator },
    );
    expect(deleted.result).toMatchObject({ deleted: true });
    expect(lastRequest(emulator)).toMatchObject({
      path: '/eu/latest/auth/invite/delete',
      authorization: `Bearer proj-acme-1:${KEY}`,
      body: { invite_code: invited.result!.invite_code },
    });

    const removed = await testStep(step('admin.remove_user'), { user_id: 'user-cy' }, { emulator });
    expect(removed.result).toMatchObject({ removed: true });
    expect(lastRequest(emulator)).toMatchObject({
      path: '/eu/latest/auth/users/user-cy/delete',
      authorization: `Bearer proj-acme-1:${KEY}`,
      body: {},
    });
  });

  it('changes a pending invite role by deleting and re-creating it', async () => {
    const invited = await testStep<{ invite_code: string }>(
      step('admin.create_invite'),
      { email: 'fay@example.test', role: 'viewer' },
      { emulator },
    );
    const changed = await testStep(
      step('admin.change_invite_role'),
      {
        invite_code: invited.result!.invite_code,
        email: 'fay@example.test',
        role: 'editor',
        previous_role: 'viewer',
      },
      { emulator },
    );
    expect(changed.result).toMatchObject({
      email: 'fay@example.test',
      previous_invite_code: invited.result!.invite_code,
      permissions: { items: { serviceDefault: { actions: { 'role:editor': true } } } },
    });
    expect(changed.exchanges.map((e) => e.path)).toEqual([
      '/latest/auth/invite/delete',
      '/latest/auth/invite/create',
    ]);
  });

  it('sends JSON with its content type, to the base address the region table gives', async () => {
    const account = accountWith(emulator, {
      settings: { baseUrl: undefined, region: 'EU', regions: { EU: emulator.regionBaseUrl('EU') } },
    });
    const outcome = await testStep(step('admin.delete_invite'), { invite_code: 'inv-none' }, { account });
    expect(outcome.error?.code).toBe('not_found');
    const request = emulator.requests.at(-1)!;
    expect(request.path).toBe('/eu/latest/auth/invite/delete');
    expect(request.headers['content-type']).toMatch(/^application\/json/);
  });

  it('says which setting is missing when the region has no base address', async () => {
    const account = accountWith(emulator, { settings: { baseUrl: undefined, region: 'US', regions: {} } });
    const outcome = await testStep(step('admin.delete_invite'), { invite_code: 'inv-none' }, { account });
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(outcome.error?.message).toContain('settings.regions.US');
  });

  it('answers the documentation endpoint through the API Call', async () => {
    const outcome = await testStep(
      step('admin.api_call'),
      { method: 'GET', endpoint: '/latest/documentation' },
      { emulator },
    );
    expect(outcome.result).toMatchObject({ status: 200 });
  });
});
