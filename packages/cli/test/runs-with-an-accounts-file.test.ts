// biome-ignore-all lint/suspicious/noTemplateCurlyInString: accounts files spell environment placeholders as ${NAME}
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DEMO_TOKEN } from '../../../examples/tasks/src/testing/index.js';
import { runCliHere } from './support/cli-in-process.js';
import { runCli, startCli, TASKS, TRIAGE } from './support/cli-process.js';
import { useTasksWorld } from './support/tasks-world.js';

jest.setTimeout(240_000);

const INPUT = ['--input', '{"today":"2026-11-21"}'];

describe('toolsteps run --accounts', () => {
  const world = useTasksWorld();
  let accounts: string;
  beforeAll(async () => {
    // The token is not in the file: it comes from the environment of each run.
    accounts = await world.temp.write(
      'accounts.json',
      JSON.stringify({
        accounts: [
          {
            id: 'tasks-main',
            integration: 'tasks',
            name: 'main',
            settings: { baseUrl: world.emulator.baseUrl },
            credentials: { token: '${TASKS_TOKEN}' },
          },
        ],
      }),
    );
    await world.temp.write(
      'other-account.json',
      JSON.stringify({
        id: 'names-an-account',
        steps: [{ id: 'list', step: 'tasks.list_tasks', account: 'backup', args: {} }],
      }),
    );
  });
  beforeEach(() => world.emulator.reset());

  it('runs against the accounts of the file, with the token read from the environment', async () => {
    const { code, stdout, stderr } = await runCli(
      [...TASKS, 'run', TRIAGE, ...INPUT, '--accounts', accounts],
      {
        env: { TASKS_TOKEN: DEMO_TOKEN },
      },
    );

    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      checked: 2,
      closed: ['Answer the pricing question', 'Archive the old board'],
    });
    expect(stderr).not.toContain('emulators');
    // This emulator, the one the file names, did the work.
    expect(world.emulator.requests.map((r) => `${r.method} ${r.path} ${r.status}`).sort()).toEqual([
      'GET /tasks 200',
      'PUT /tasks/2/completion 200',
      'PUT /tasks/4/completion 200',
    ]);
    expect(world.emulator.tasks.get(2)?.status).toBe('done');
  });

  it('exits 2 naming the variable when the environment lacks it, before any request', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      ...INPUT,
      '--accounts',
      accounts,
    ]);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      `toolsteps: Accounts file ${accounts} uses environment variables that are not set: TASKS_TOKEN (at /accounts/0/credentials/token)`,
    );
    expect(world.emulator.requests).toEqual([]);
  });

  it('validate --accounts reports an account the file does not have', async () => {
    const file = world.temp.path('other-account.json');
    const { code, stdout, stderr } = await runCli([...TASKS, 'validate', file, '--accounts', accounts], {
      env: { TASKS_TOKEN: DEMO_TOKEN },
    });

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      `${file}:1:84  unknown tasks account "backup" (connected: main)  (/steps/0/account)`,
    );
  });

  it('cancels the run on Ctrl-C (SIGINT): exit 1, the run reported cancelled, nothing written', async () => {
    // The list request waits until the emulator closes: the run is mid-request when interrupted.
    world.emulator.faults.inject({ method: 'GET', path: '/tasks', delayMs: 600_000 });
    const cli = startCli([...TASKS, 'run', TRIAGE, ...INPUT, '--accounts', accounts], {
      env: { TASKS_TOKEN: DEMO_TOKEN },
    });
    await cli.waitFor(/^step found started$/m, 'stderr');
    while (world.emulator.inFlight === 0) await sleep(20);
    cli.child.kill('SIGINT');
    const { code, stderr } = await cli.exited;

    expect(code).toBe(1);
    expect(stderr).toMatch(/^step found failed: cancelled: /m);
    expect(stderr).toMatch(/^run cancelled in \d+ ms$/m);
    expect(stderr).toContain('toolsteps: the run cancelled: cancelled');
    expect(world.emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /tasks']);
  });
});
