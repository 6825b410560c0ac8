import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEnrichmentEmulator, type EnrichmentEmulator } from '@toolsteps/step-enrichment/testing';
import { type TempFiles, tempFiles } from '../../../../engine/test/support/temp-files.js';
import { runCliHere } from '../../support/cli-in-process.js';

const KEY = 'enr-key-given-as-an-argument-9d1';
const SECRET = 'client-secret-given-as-an-argument-4e7';

// `ps` shows every user a process's arguments, and shell history keeps them: a secret is read from
// a file, stdin or the environment, and one given as an argument is refused before anything is sent.
describe('toolsteps connect refuses secrets given as arguments', () => {
  let emulator: EnrichmentEmulator;
  let temp: TempFiles;
  beforeAll(async () => {
    emulator = await createEnrichmentEmulator();
    temp = await tempFiles();
  });
  afterAll(async () => {
    await emulator.close();
    await temp.remove();
  });

  it('an API key, without sending it, storing it or printing it', async () => {
    const accounts = temp.path('key.json');
    const { code, stdout, stderr } = await runCliHere([
      'connect',
      'enrichment',
      '--accounts',
      accounts,
      '--setting',
      `baseUrl=${emulator.baseUrl}`,
      `--api-key=${KEY}`,
    ]);

    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe(
      'toolsteps: --api-key is refused: a secret given as an argument shows in ps and stays in shell history. Give it with --api-key-file <file> or --api-key-stdin; nothing was sent\n',
    );
    expect(emulator.requests).toEqual([]);
    await expect(stat(accounts)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it("an OAuth app's client secret", async () => {
    const accounts = temp.path('secret.json');
    const { code, stderr } = await runCliHere([
      'connect',
      'github',
      '--accounts',
      accounts,
      '--client-id',
      'app',
      '--client-secret',
      SECRET,
    ]);

    expect(code).toBe(2);
    expect(stderr).toBe(
      'toolsteps: --client-secret is refused: a secret given as an argument shows in ps and stays in shell history. Give it with --client-secret-file <file> or the environment; nothing was sent\n',
    );
    await expect(stat(accounts)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
