import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { catalogMarkdown, createRegistry, FileVault } from '@toolsteps/engine';
import { testStep } from '@toolsteps/engine/testing';
import github, { getRepository } from '../../src/index.js';
import { createGithubEmulator, DEMO_TOKEN } from '../../src/testing/index.js';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const readme = () => readFile(join(packageRoot, 'README.md'), 'utf8');

describe('the package README says what the code does', () => {
  it('lists every step with the inputs and outputs of its schemas', async () => {
    const text = await readme();
    const table = text.split('<!-- steps:start -->\n')[1]?.split('<!-- steps:end -->')[0];
    expect(table).toBe(catalogMarkdown(createRegistry([github]).catalog()));
  });

  it('quotes its test example exactly as the file is', async () => {
    const file = await readFile(join(packageRoot, 'test/docs/tests-a-step-in-a-few-lines.test.ts'), 'utf8');
    expect(await readme()).toContain(`\`\`\`ts\n${file}\`\`\``);
  });

  it('shows an accounts file that connects (here pointed at the emulator)', async () => {
    const accounts = (await readme()).split('```json\n')[1]?.split('```')[0] ?? '';
    const file = join(await mkdtemp(join(tmpdir(), 'step-github-readme-')), 'accounts.json');
    const emulator = await createGithubEmulator();
    try {
      const parsed = JSON.parse(accounts);
      parsed.accounts[0].settings.baseUrl = emulator.baseUrl;
      await writeFile(file, JSON.stringify(parsed));
      const vault = await FileVault.open(file, { env: { GITHUB_TOKEN: DEMO_TOKEN } });
      const account = await vault.get({ id: 'github-main' });
      const outcome = await testStep(getRepository, { owner: 'octo-org', repo: 'hello-world' }, { account });
      expect(outcome.result).toMatchObject({ full_name: 'octo-org/hello-world' });
    } finally {
      await emulator.close();
    }
  });
});
