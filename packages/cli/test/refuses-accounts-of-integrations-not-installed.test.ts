import { chmod } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS, TRIAGE } from './support/cli-process.js';

jest.setTimeout(240_000);

const account = (id: string, integration: string) => ({
  id,
  integration,
  name: id,
  settings: { baseUrl: 'http://127.0.0.1:9' },
  credentials: { token: `token-of-${id}` },
});

const accountsFile = (...accounts: object[]) => JSON.stringify({ accounts });

describe('an accounts file naming an integration that is not installed', () => {
  let temp: TempFiles;
  beforeAll(async () => {
    temp = await tempFiles({
      'misspelt.json': accountsFile(account('main', 'tasks'), account('bot', 'taks')),
      'two-unknown.json': accountsFile(account('bot', 'taks'), account('mail', 'mailer')),
      'github-misspelt.json': accountsFile(account('acme-bot', 'gihtub')),
    });
    // Readable by its owner only, as an accounts file in clear should be: no warning about that.
    for (const name of ['misspelt.json', 'two-unknown.json', 'github-misspelt.json'])
      await chmod(temp.path(name), 0o600);
  });
  afterAll(() => temp.remove());

  it('is refused before anything runs, naming the file, the account, a likely fix and what is installed', async () => {
    const file = temp.path('misspelt.json');
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'validate', TRIAGE, '--accounts', file]);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `toolsteps: ${file}: account "bot" names integration "taks" (did you mean "tasks"?), which is not installed (installed integrations: tasks)\n`,
    );
  });

  it('lists every such account at once, suggesting only what is close', async () => {
    const file = temp.path('two-unknown.json');
    const { code, stderr } = await runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      '--no-journal',
      '--input',
      '{"today":"2026-11-21"}',
      '--accounts',
      file,
    ]);

    expect(code).toBe(2);
    expect(stderr).toBe(
      `toolsteps: ${file}: account "bot" names integration "taks" (did you mean "tasks"?); account "mail" names integration "mailer", which are not installed (installed integrations: tasks)\n`,
    );
  });

  it('suggests the installed step package a misspelt "gihtub" meant', async () => {
    const file = temp.path('github-misspelt.json');
    const { code, stderr } = await runCliHere([
      'validate',
      'examples/github-triage.json',
      '--accounts',
      file,
    ]);

    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^toolsteps: .*github-misspelt\.json: account "acme-bot" names integration "gihtub" \(did you mean "github"\?\), which is not installed \(installed integrations: [a-z, ]*github[a-z, ]*\)\n$/,
    );
  });
});
