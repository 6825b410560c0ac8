// biome-ignore-all lint/suspicious/noTemplateCurlyInString: accounts files spell environment placeholders as ${NAME}
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCli, TASKS, TRIAGE } from './support/cli-process.js';

jest.setTimeout(240_000);

const TOKEN = 'tk_live_8Jq2vX9pL4mN7rT1';

describe('toolsteps run output', () => {
  let leaky: Emulator;
  let temp: TempFiles;
  let accounts: string;
  beforeAll(async () => {
    // A careless API: it echoes the Authorization header in a task title and in an error body.
    leaky = await createEmulator({
      authorize: (request) => request.headers.authorization === `Bearer ${TOKEN}`,
      routes: (app) => {
        app.get('/tasks', (c) =>
          c.json({
            tasks: [
              {
                id: 7,
                title: `Seen with ${c.req.header('authorization')}`,
                status: 'open',
                labels: ['stale'],
                due: '2026-01-01',
              },
            ],
          }),
        );
        app.put('/tasks/:id/completion', (c) =>
          c.json({ message: `Refused for ${c.req.header('authorization')}` }, 403),
        );
      },
    });
    temp = await tempFiles();
    accounts = await temp.write(
      'accounts.json',
      JSON.stringify({
        accounts: [
          {
            id: 'leaky',
            integration: 'tasks',
            name: 'leaky',
            settings: { baseUrl: leaky.baseUrl },
            credentials: { token: '${TASKS_TOKEN}' },
          },
        ],
      }),
    );
  });
  afterAll(async () => {
    await leaky.close();
    await temp.remove();
  });

  const run = (...extra: string[]) =>
    runCli([...TASKS, 'run', TRIAGE, '--input', '{"today":"2026-11-21"}', '--accounts', accounts, ...extra], {
      env: { TASKS_TOKEN: TOKEN },
    });

  it('never prints the token, though the API put it in the step error', async () => {
    const { code, stdout, stderr } = await run();

    expect(code).toBe(1);
    expect(stdout + stderr).not.toContain(TOKEN);
    // The echo reached the CLI and was redacted, not lost.
    expect(stderr).toContain('step closed[0].close failed: forbidden: ');
    expect(stderr).toContain('Refused for Bearer [REDACTED]');
    expect(leaky.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /tasks 200',
      'PUT /tasks/7/completion 403',
    ]);
  });

  it('never prints it with --json either: results, variables and errors are scrubbed', async () => {
    const { code, stdout, stderr } = await run('--json');

    expect(code).toBe(1);
    expect(stdout + stderr).not.toContain(TOKEN);
    const result = JSON.parse(stdout);
    expect(result.status).toBe('failed');
    expect(result.vars.overdue[0].title).toBe('Seen with Bearer [REDACTED]');
    expect(result.error.code).toBe('forbidden');
    expect(result.error.message).toContain('Refused for Bearer [REDACTED]');
    const close = result.steps.find((s: { stepKey: string }) => s.stepKey === 'closed[0].close');
    expect(close.error.details.body).toEqual({ message: 'Refused for Bearer [REDACTED]' });
  });
});
