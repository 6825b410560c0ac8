import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import { testStep } from '@toolsteps/engine/testing';
import admin from '../../src/index.js';
import { createAdminEmulator } from '../../src/testing/index.js';
import { type AdminEmulator, accountWith } from './admin-fixture.js';

const examples = resolve(import.meta.dirname, '../../../../examples');
const step = (id: string) => admin.steps.find((candidate) => candidate.id === id)!;

describe('the administration API end to end', () => {
  let emulator: AdminEmulator;
  beforeAll(async () => {
    emulator = await createAdminEmulator();
  });
  afterAll(() => emulator.close());

  it('runs examples/onboard-team.json, the demo, and leaves the project as it says', async () => {
    const engine = await createEngine({ integrations: [admin], accounts: [emulator.account] });
    const input = JSON.parse(await readFile(`${examples}/onboard-team.input.json`, 'utf8'));
    const result = await engine.run(`${examples}/onboard-team.json`, input);

    expect(result.status).toBe('succeeded');
    const output = result.output as Record<string, unknown>;
    expect(output).toMatchObject({ 'promoted to admin': 'user-cy', removed: 'user-ben' });
    const users = emulator.projectUsers(String(output.project));
    expect(users?.get('user-cy')).toEqual({ items: { serviceDefault: { actions: { admin: true } } } });
    expect(users?.has('user-ben')).toBe(false);
    const pending = [...emulator.invites.values()].filter((invite) => invite.email === 'dee@example.test');
    expect(pending).toHaveLength(1);
    expect(pending[0].permissions).toEqual({
      items: { serviceDefault: { actions: { 'role:editor': true } } },
    });
  });

  it('rejects at once the key of a user an identity provider deactivated', async () => {
    const ben = accountWith(emulator, { apiKey: 'key-ben-0002' });
    // Before: the key is known (a viewer may not delete invites, so 403, not 401).
    const before = await testStep(step('admin.delete_invite'), { invite_code: 'inv-1' }, { account: ben });
    expect(before.error).toMatchObject({ code: 'forbidden', status: 403 });
    emulator.deactivateUser('user-ben');
    const after = await testStep(step('admin.delete_invite'), { invite_code: 'inv-1' }, { account: ben });
    expect(after.error).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('copes with an error body that is not JSON', async () => {
    emulator.faults.inject({
      path: '/eu/latest/projects/create',
      status: 502,
      body: 'Bad gateway <html>',
      times: 4,
    });
    const outcome = await testStep(
      step('admin.create_project'),
      { name: 'x', description: '', organization_id: 'org-acme' },
      { emulator },
    );
    expect(outcome.error).toMatchObject({ code: 'unavailable', status: 502 });
    expect(outcome.error?.message).toContain('Bad gateway');
  });
});
