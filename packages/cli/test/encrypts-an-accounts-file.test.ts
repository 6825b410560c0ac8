import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTasksEmulator, type TasksEmulator } from '../../../examples/tasks/src/testing/index.js';
import { runCli, TASKS, TRIAGE } from './support/cli-process.js';

describe('toolsteps encrypt-accounts', () => {
  let emulator: TasksEmulator;
  beforeAll(async () => {
    emulator = await createTasksEmulator();
  });
  afterAll(() => emulator.close());

  it('encrypts in place, and runs read it back only with the right key', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'toolsteps-encrypt-')), 'accounts.json');
    const plain = JSON.stringify({ accounts: [emulator.account] }, null, 2);
    await writeFile(file, plain);
    const key = randomBytes(32).toString('hex');

    const missingKey = await runCli(['encrypt-accounts', file], { env: { TOOLSTEPS_VAULT_KEY: undefined } });
    expect(missingKey.code).toBe(2);
    expect(missingKey.stderr).toContain('Set TOOLSTEPS_VAULT_KEY to the key first');
    expect(await readFile(file, 'utf8')).toBe(plain);

    const encrypted = await runCli(['encrypt-accounts', file], { env: { TOOLSTEPS_VAULT_KEY: key } });
    expect(encrypted.code).toBe(0);
    const onDisk = await readFile(file, 'utf8');
    expect(onDisk).not.toContain(String(emulator.account.credentials.token));
    expect(JSON.parse(onDisk)).toMatchObject({ toolstepsVault: 1, alg: 'aes-256-gcm' });

    const input = ['--input', '{"today":"2026-11-21"}'];
    const withKey = await runCli([...TASKS, 'run', TRIAGE, '--accounts', file, ...input], {
      env: { TOOLSTEPS_VAULT_KEY: key },
    });
    expect(withKey.code).toBe(0);

    const wrongKey = await runCli([...TASKS, 'run', TRIAGE, '--accounts', file, ...input], {
      env: { TOOLSTEPS_VAULT_KEY: randomBytes(32).toString('hex') },
    });
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.stderr).toMatch(/wrong key/);
    expect(await readFile(file, 'utf8')).toBe(onDisk);
  });
});
