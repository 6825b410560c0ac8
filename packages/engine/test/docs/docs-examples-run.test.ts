import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEngine, FileVault } from '@toolsteps/engine';
import tasks from '../../../../examples/tasks/src/index.js';
import { createTasksEmulator, type TasksEmulator } from '../../../../examples/tasks/src/testing/index.js';

const root = resolve(import.meta.dirname, '../../../..');

/** The fenced blocks of one language in a guide of docs/, in the guide's order. */
async function blocks(guide: string, language: string): Promise<string[]> {
  const text = await readFile(join(root, 'docs', guide), 'utf8');
  return [...text.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
}

describe('the examples of the guides in docs/', () => {
  let emulator: TasksEmulator;
  beforeAll(async () => {
    emulator = await createTasksEmulator();
  });
  afterAll(() => emulator.close());

  it('quotes the files it says it quotes, verbatim', async () => {
    for (const file of [
      'examples/tasks/src/steps/complete-task.ts',
      'packages/engine/test/testing/tests-one-step-against-its-emulator.test.ts',
    ]) {
      expect(await blocks('step-packages.md', 'ts')).toContain(await readFile(join(root, file), 'utf8'));
    }
  });

  it('shows a workflow that validates and runs against the example emulator', async () => {
    const [workflowText] = (await blocks('workflows.md', 'json')).filter((block) =>
      block.includes('"steps"'),
    );
    const engine = await createEngine({ integrations: [tasks], accounts: [emulator.account] });
    const result = await engine.run(
      { text: workflowText, file: 'docs/workflows.md' },
      { today: '2026-11-21' },
    );
    expect(result.status).toBe('succeeded');
    expect(result.output).toEqual({ closed: [2, 4] });
  });

  it('shows an accounts file, one account per auth kind, that reads with its environment', async () => {
    const [accountsText] = (await blocks('accounts.md', 'json')).filter((block) =>
      block.startsWith('{\n  "accounts"'),
    );
    const file = join(await mkdtemp(join(tmpdir(), 'toolsteps-docs-')), 'accounts.json');
    await writeFile(file, accountsText);
    const env = {
      GITHUB_TOKEN: 'ghp_readme_example_0001',
      ZENDESK_ACCESS_TOKEN: 'zd-access-0001',
      ZENDESK_REFRESH_TOKEN: 'zd-refresh-0001',
      ZENDESK_CLIENT_SECRET: 'zd-secret-0001',
      ENRICHMENT_API_KEY: 'enrich-key-0001',
    };
    const vault = await FileVault.open(file, { env });
    expect((await vault.list()).map((a) => a.integration)).toEqual(['github', 'zendesk', 'enrichment']);
    expect((await vault.get({ id: 'acme-bot' })).credentials).toEqual({ token: env.GITHUB_TOKEN });
  });

  it('runs the embedding example of the example step package', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(root, 'examples/tasks/scripts/run-embedded.ts')],
      { cwd: root, timeout: 60_000 },
    );
    expect(stdout).toContain(
      'succeeded {"checked":2,"closed":["Answer the pricing question","Archive the old board"]}',
    );
  });
});
