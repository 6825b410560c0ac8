import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import { createEngine, MemoryVault } from '@toolsteps/engine';
import { SqliteJournal } from '@toolsteps/sqlite';
import tasks from '../../../../../examples/tasks/src/index.js';
import { QueueRunLauncher, RunQueue, RunWorker } from '../../../src/index.js';
import { QUEUE_KEY } from '../../queue/support/queue-key.js';
import { useTasksQueueWorld } from '../../queue/support/tasks-queue-world.js';
import { compiledTasksWorkflow } from '../../queue/support/tasks-workflow.js';
import { tasksAccountsOfTwoUsers, whoseAccount } from '../support/tasks-accounts-of-two-users.js';

jest.setTimeout(120_000);

const world = useTasksQueueWorld('toolsteps-launcher-user-');

/** What a binding for an end user starts: one task added with the account named `Main`. */
const ADD_TASK = {
  id: 'add-task',
  steps: [{ id: 'add', step: 'tasks.add_task', account: 'Main', args: { title: 'Of the binding user' } }],
  output: '{% $steps.add.result.title %}',
};

let journal: SqliteJournal;
let worker: RunWorker;
let queue: RunQueue;
let launcher: QueueRunLauncher;
beforeEach(async () => {
  const name = `launcher-user-${Math.random().toString(36).slice(2)}`;
  journal = SqliteJournal.open(join(world.dir, `${name}.sqlite`));
  // The workers hold alice's and bob's accounts (same id and name); only alice's reaches the emulator.
  const vault = new MemoryVault(tasksAccountsOfTwoUsers(world.emulator, 'alice'));
  const engine = await createEngine({ integrations: [tasks], vault, journal });
  worker = new RunWorker({ redis: world.redis.url, key: QUEUE_KEY, engine, journal, queue: name });
  await worker.start();
  queue = new RunQueue({ redis: world.redis.url, key: QUEUE_KEY, queue: name });
  launcher = new QueueRunLauncher(queue, { journal });
});
afterEach(async () => {
  await queue.close();
  await worker.close();
  await journal.close();
});

it("has a trigger host's run done on a worker for the user it was launched for, with that user's account only", async () => {
  const workflow = await compiledTasksWorkflow(ADD_TASK);
  const sentBefore = world.emulator.requests.length;

  const alices = await launcher.launch(
    workflow,
    {},
    { runId: 'a11ce000-0000-8000-8000-000000000001', user: 'alice' },
  );
  const bobs = await launcher.launch(
    workflow,
    {},
    { runId: 'b0b00000-0000-8000-8000-000000000002', user: 'bob' },
  );

  expect(alices).toMatchObject({ status: 'succeeded', user: 'alice', output: 'Of the binding user' });
  expect(bobs).toMatchObject({ status: 'failed', user: 'bob' });
  expect(await journal.run(alices.runId)).toMatchObject({ user: 'alice' });
  const sent = world.emulator.requests.slice(sentBefore);
  expect(sent.map((request) => whoseAccount(request, world.emulator, 'alice'))).toEqual(['alice', 'bob']);
});
