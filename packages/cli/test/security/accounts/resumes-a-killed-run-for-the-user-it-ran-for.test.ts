import { expect, it, jest } from '@jest/globals';
import {
  tasksAccountsOfTwoUsers,
  whoseAccount,
} from '../../../../redis/test/security/support/tasks-accounts-of-two-users.js';
import { runCliHere } from '../../support/cli-in-process.js';
import { startCli, TASKS } from '../../support/cli-process.js';
import { useTasksWorld } from '../../support/tasks-world.js';

jest.setTimeout(300_000);

const world = useTasksWorld();

/** A task added, then the open tasks listed, with the account named `Main` of the run's user. */
const ADD_THEN_LIST = {
  id: 'add-then-list',
  steps: [
    { id: 'add', step: 'tasks.add_task', account: 'Main', args: { title: 'Added for Alice' } },
    { id: 'list', step: 'tasks.list_tasks', account: 'Main', args: { status: 'open' } },
  ],
  output: '{% $steps.list.result.count %}',
};

it("`toolsteps run --user alice` killed mid-way is resumed by `runs resume` with Alice's account", async () => {
  const { emulator, temp } = world;
  // Alice's and Bob's accounts, the same id and name: only Alice's token is the emulator's.
  const accounts = await temp.write(
    'accounts.json',
    JSON.stringify({ accounts: tasksAccountsOfTwoUsers(emulator, 'alice') }),
  );
  const workflow = await temp.write('add-then-list.json', JSON.stringify(ADD_THEN_LIST));
  const journal = temp.path('runs.sqlite');
  // The list hangs, and its connection is then dropped: the run is surely killed inside it.
  emulator.faults.inject({ method: 'GET', path: '/tasks', delayMs: 60_000, drop: true });
  const cli = startCli([
    ...TASKS,
    'run',
    workflow,
    '--user',
    'alice',
    '--accounts',
    accounts,
    '--journal',
    journal,
  ]);
  const [, runId] = await cli.waitFor(/^run ([0-9a-f-]{36}) of add-then-list started$/m, 'stderr');
  await cli.waitFor(/^step add succeeded/m, 'stderr');
  await waitUntil(() => emulator.requests.some((r) => r.method === 'GET' && r.fault !== undefined));
  cli.child.kill('SIGKILL');
  expect((await cli.exited).signal).toBe('SIGKILL');
  emulator.faults.clear();
  const sentBefore = emulator.requests.length;

  const resumed = await runCliHere([
    ...TASKS,
    'runs',
    'resume',
    runId,
    '--accounts',
    accounts,
    '--journal',
    journal,
  ]);

  expect(resumed.code).toBe(0);
  const sent = emulator.requests.slice(sentBefore);
  expect(
    sent.map(
      (request) =>
        `${request.method} ${request.path} with ${whoseAccount(request, emulator, 'alice')}'s account`,
    ),
  ).toEqual(["GET /tasks with alice's account"]);
  const shown = await runCliHere(['runs', 'show', runId, '--journal', journal]);
  expect(shown.stdout).toMatch(new RegExp(`^Run ${runId} of add-then-list: succeeded\n`));
  expect(shown.stdout).toContain('\n  user: alice\n');
  const json = await runCliHere(['runs', 'show', runId, '--journal', journal, '--json']);
  expect(JSON.parse(json.stdout)).toMatchObject({ status: 'succeeded', user: 'alice', resumes: 1 });
});

it('`toolsteps run --user` with no name is refused before anything runs', async () => {
  const workflow = await world.temp.write('add-then-list.json', JSON.stringify(ADD_THEN_LIST));
  const sentBefore = world.emulator.requests.length;

  const refused = await runCliHere([...TASKS, 'run', workflow, '--user', '', '--no-journal']);

  expect({ code: refused.code, stderr: refused.stderr }).toEqual({
    code: 2,
    stderr: 'toolsteps: --user needs the name of the end user the run acts for\n',
  });
  expect(world.emulator.requests.length).toBe(sentBefore);
});

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
