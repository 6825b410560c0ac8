import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import { testStep } from '@toolsteps/engine/testing';
import admin, { permissionsForRole } from '../../src/index.js';
import { createAdminEmulator } from '../../src/testing/index.js';
import { type AdminEmulator, accountWith } from './admin-fixture.js';

const step = (id: string) => admin.steps.find((candidate) => candidate.id === id)!;

describe('bad input to the administration steps', () => {
  let emulator: AdminEmulator;
  beforeAll(async () => {
    emulator = await createAdminEmulator();
  });
  afterAll(() => emulator.close());

  /** Runs a step and checks that it sent nothing. */
  async function refusedBeforeSending(stepId: string, input: Record<string, unknown>, options = {}) {
    const before = emulator.requests.length;
    const outcome = await testStep(step(stepId), input, { emulator, ...options });
    expect(outcome.ok).toBe(false);
    expect(emulator.requests.length).toBe(before);
    return outcome.error!;
  }

  it('refuses a malformed email', async () => {
    const error = await refusedBeforeSending('admin.create_invite', {
      email: 'not-an-email',
      role: 'viewer',
    });
    expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/email' });
    expect(error.message).toContain('must be a valid email (got "not-an-email")');
  });

  it('refuses an unknown role', async () => {
    const error = await refusedBeforeSending('admin.create_invite', { email: 'a@b.test', role: 'owner' });
    expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/role' });
  });

  it('points at an unknown action or a non-boolean in hand-written permissions', async () => {
    const unknownAction = await refusedBeforeSending('admin.create_invite', {
      email: 'a@b.test',
      permissions: { items: { serviceDefault: { actions: { 'role:owner': true } } } },
    });
    expect(unknownAction.field).toBe('/steps/0/args/permissions/items/serviceDefault/actions/role:owner');
    const notBoolean = await refusedBeforeSending('admin.create_invite', {
      email: 'a@b.test',
      permissions: { items: { serviceDefault: { actions: { admin: 'yes' } } } },
    });
    expect(notBoolean.field).toBe('/steps/0/args/permissions/items/serviceDefault/actions/admin');
    expect(notBoolean.message).toContain('must be true or false (got "yes")');
  });

  it('refuses a project without organization_id', async () => {
    const error = await refusedBeforeSending('admin.create_project', { name: 'x', description: 'y' });
    expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/organization_id' });
  });

  it('refuses a user_id that would change the route, saying the rule in words', async () => {
    for (const userId of ['user-ben/../../projects', '..', 'a/b']) {
      const error = await refusedBeforeSending('admin.remove_user', { user_id: userId });
      expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/user_id' });
      expect(error.message).toContain(
        'must be one path segment: no "/", "\\", "?", "#" or "%", and not "." or ".."',
      );
      expect(error.message).not.toContain('must match the pattern');
    }
  });

  it('refuses an API key with a newline without echoing it', async () => {
    const error = await refusedBeforeSending(
      'admin.create_invite',
      { email: 'a@b.test', role: 'viewer' },
      { account: accountWith(emulator, { apiKey: 'key-ada-admin-0001\r\nX-Evil: 1' }) },
    );
    expect(error.code).toBe('validation');
    expect(JSON.stringify(error)).not.toContain('key-ada-admin-0001');
  });

  it('asks for a project id when neither the step nor the account has one', async () => {
    const error = await refusedBeforeSending(
      'admin.delete_invite',
      { invite_code: 'inv-1' },
      { account: accountWith(emulator, { settings: { projectId: undefined } }) },
    );
    expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/project_id' });
    expect(error.message).toContain('No project id');
  });

  it('reports forbidden for a key that lost admin rights, and changes nothing', async () => {
    const ben = accountWith(emulator, { apiKey: 'key-ben-0002' });
    const invite = (email: string) =>
      testStep(step('admin.create_invite'), { email, role: 'viewer' }, { account: ben });
    emulator.setPermissions('proj-acme-1', 'user-ben', permissionsForRole('admin'));
    expect((await invite('while-admin@b.test')).ok).toBe(true);

    emulator.setPermissions('proj-acme-1', 'user-ben', permissionsForRole('viewer'));
    const invitesBefore = emulator.invites.size;
    const outcome = await invite('after-demotion@b.test');

    expect(outcome.error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(outcome.error?.message).toMatch(/admin/i);
    expect(emulator.invites.size).toBe(invitesBefore);
  });

  it('reports the region mismatch with the region to use', async () => {
    const wrongRegion = accountWith(emulator, {
      settings: { region: 'AU', baseUrl: emulator.regionBaseUrl('AU') },
    });
    const outcome = await testStep(
      step('admin.create_invite'),
      { email: 'h@b.test', role: 'viewer' },
      { account: wrongRegion },
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.error?.message).toContain('EU');
  });

  it('reports an unknown invite as not found', async () => {
    const outcome = await testStep(
      step('admin.delete_invite'),
      { invite_code: 'inv-does-not-exist' },
      { emulator },
    );
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  /** Invites `email` as viewer, then changes the invite to admin while the next `failures` creations fail. */
  async function changeRoleWhileCreationFails(email: string, failures: number) {
    const invited = await testStep<{ invite_code: string }>(
      step('admin.create_invite'),
      { email, role: 'viewer' },
      { emulator },
    );
    emulator.faults.inject({
      method: 'POST',
      path: '/eu/latest/auth/invite/create',
      status: 500,
      times: failures,
    });
    return testStep(
      step('admin.change_invite_role'),
      { invite_code: invited.result!.invite_code, email, role: 'admin', previous_role: 'viewer' },
      { emulator },
    );
  }

  it('restores the original invite when the new one cannot be created', async () => {
    const outcome = await changeRoleWhileCreationFails('ivy@example.test', 1);
    expect(outcome.ok).toBe(false);
    expect(outcome.error?.message).toContain('the original invite was restored as');
    expect(outcome.error?.details).toMatchObject({ restored: true });
    const { restored_invite_code: restoredCode } = outcome.error!.details as { restored_invite_code: string };
    const restored = emulator.invites.get(restoredCode);
    expect(restored).toMatchObject({
      email: 'ivy@example.test',
      permissions: { items: { serviceDefault: { actions: { 'role:viewer': true } } } },
    });
  });

  it('says the person is no longer invited when restoring fails too', async () => {
    const outcome = await changeRoleWhileCreationFails('jo@example.test', 2);
    expect(outcome.error?.message).toContain('jo@example.test is no longer invited');
    expect(outcome.error?.details).toMatchObject({ restored: false });
  });

  it('keeps delete_project in the catalog but refuses a workflow that uses it', async () => {
    const engine = await createEngine({ integrations: [admin], accounts: [emulator.account] });
    expect(engine.catalog().find((entry) => entry.id === 'admin.delete_project')).toMatchObject({
      status: 'unavailable',
    });
    const checked = await engine.validate({
      text: JSON.stringify({
        id: 'x',
        steps: [{ id: 'gone', step: 'admin.delete_project', args: { project_id: 'p' } }],
      }),
    });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.diagnostics[0].message).toContain('announced as being worked on');
  });
});
