import { chmod, readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  createEnrichmentEmulator,
  DEMO_KEYS,
  type EnrichmentEmulator,
} from '@toolsteps/step-enrichment/testing';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';
import { runCliHere } from '../support/cli-in-process.js';

describe('toolsteps connect, for an integration connected with an API key', () => {
  let emulator: EnrichmentEmulator;
  let temp: TempFiles;
  let keyFile: string;
  let accounts: string;
  let n = 0;
  const connect = (...args: string[]) => [
    'connect',
    'enrichment',
    '--accounts',
    accounts,
    '--setting',
    `baseUrl=${emulator.baseUrl}`,
    ...args,
  ];
  beforeAll(async () => {
    emulator = await createEnrichmentEmulator();
    temp = await tempFiles();
    keyFile = await temp.write('sales.key', `${DEMO_KEYS.sales}\n`);
    await chmod(keyFile, 0o600);
  });
  afterAll(async () => {
    await emulator.close();
    await temp.remove();
  });
  beforeEach(() => {
    accounts = temp.path(`accounts-${++n}.json`);
  });

  it('proves the key from a file, then creates the accounts file (0600) with the account for the user', async () => {
    const { code, stdout, stderr } = await runCliHere(connect('--api-key-file', keyFile, '--user', 'alice'));

    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(
      `Connected Sales Intelligence account "Demo sales team" (id enrichment-demo-sales-team) for user "alice", stored in ${accounts}\n`,
    );
    expect(JSON.parse(await readFile(accounts, 'utf8'))).toEqual({
      accounts: [
        {
          id: 'enrichment-demo-sales-team',
          user: 'alice',
          integration: 'enrichment',
          name: 'Demo sales team',
          settings: { baseUrl: emulator.baseUrl },
          credentials: { apiKey: DEMO_KEYS.sales },
        },
      ],
    });
    expect((await stat(accounts)).mode & 0o777).toBe(0o600);
    // Proven with the provider's account call before it was stored.
    expect(emulator.requests.at(-1)).toMatchObject({ method: 'GET', path: '/account', status: 200 });
  });

  it('reads the key piped to stdin and prints the account as one JSON line, without the key', async () => {
    const { code, stdout, stderr } = await runCliHere(
      connect('--api-key-stdin', '--name', 'Prospects', '--json'),
      {
        stdin: `${DEMO_KEYS.prospecting}\n`,
      },
    );

    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.split('\n')).toEqual([
      JSON.stringify({
        account: {
          id: 'enrichment-prospects',
          integration: 'enrichment',
          name: 'Prospects',
          settings: { baseUrl: emulator.baseUrl },
        },
      }),
      '',
    ]);
    expect(await readFile(accounts, 'utf8')).toContain(DEMO_KEYS.prospecting);
  });

  it('stores nothing when the provider refuses the key, and says so with its code (exit 1)', async () => {
    const { code, stdout, stderr } = await runCliHere(connect('--api-key-stdin'), {
      stdin: 'enr-not-a-key-of-this-provider',
    });

    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toMatch(
      /^toolsteps: grant_refused: Sales Intelligence refused the new credentials .*nothing was stored\n$/,
    );
    expect(stderr).not.toContain('enr-not-a-key-of-this-provider');
    await expect(stat(accounts)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a second account of the same name, leaving the file as it was, and reconnects it in place', async () => {
    await runCliHere(connect('--api-key-file', keyFile, '--name', 'Team'));
    const before = await readFile(accounts, 'utf8');

    const again = await runCliHere(connect('--api-key-stdin', '--name', 'Team'), {
      stdin: DEMO_KEYS.prospecting,
    });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      'toolsteps: name_taken: The Sales Intelligence account "Team" is already connected (id "enrichment-team")',
    );
    expect(await readFile(accounts, 'utf8')).toBe(before);

    const reconnected = await runCliHere(connect('--api-key-stdin', '--reconnect', 'enrichment-team'), {
      stdin: DEMO_KEYS.prospecting,
    });
    expect(reconnected).toMatchObject({
      code: 0,
      stdout: `Reconnected Sales Intelligence account "Team" (id enrichment-team), stored in ${accounts}\n`,
    });
    const { accounts: stored } = JSON.parse(await readFile(accounts, 'utf8'));
    expect(stored).toEqual([
      expect.objectContaining({ id: 'enrichment-team', credentials: { apiKey: DEMO_KEYS.prospecting } }),
    ]);
  });
});
