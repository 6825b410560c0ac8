import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import { createEngine, ResumeRefused } from '@toolsteps/engine';
import { SqliteJournal } from '@toolsteps/sqlite';
import tasks from '../../../../examples/tasks/src/index.js';
import { QueueRunLauncher, RunQueue, RunWorker } from '../../src/index.js';
import { QUEUE_KEY } from './support/queue-key.js';
import { useTasksQueueWorld } from './support/tasks-queue-world.js';
import { compiledTasksWorkflow } from './support/tasks-workflow.js';

jest.setTimeout(120_000);

const world = useTasksQueueWorld('toolsteps-launcher-');

/** Adds a task, then closes the task the input names: the second write can be made to fail. */
const addThenClose = (note = 'added') => ({
  id: 'add-then-close',
  input: { type: 'object', required: ['title', 'close'] },
  steps: [
    { id: 'add', step: 'tasks.add_task', args: { title: '{% $input.title %}' } },
    { id: 'close', step: 'tasks.complete_task', args: { id: '{% $input.close %}' } },
  ],
  output: `{% '${note}' %}`,
});

let journal: SqliteJournal;
let worker: RunWorker;
let queue: RunQueue;
let launcher: QueueRunLauncher;
beforeEach(async () => {
  const name = `launcher-${Math.random().toString(36).slice(2)}`;
  journal = SqliteJournal.open(join(world.dir, `${name}.sqlite`));
  const engine = await createEngine({ integrations: [tasks], accounts: [world.emulator.account], journal });
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

const added = (title: string) =>
  [...world.emulator.tasks.values()].filter((task) => task.title === title).length;
const someTask = () => [...world.emulator.tasks.values()][0].id;

it('runs on a worker under the id given, and takes a run that succeeded as it ended when launched again', async () => {
  const workflow = await compiledTasksWorkflow(addThenClose());
  const runId = 'c3f0a8e2-1111-8aaa-9bbb-000000000001';
  const first = await launcher.launch(workflow, { title: 'launched once', close: someTask() }, { runId });
  expect(first).toMatchObject({ runId, status: 'succeeded', output: 'added' });
  const again = await launcher.launch(workflow, { title: 'launched once', close: someTask() }, { runId });
  expect(again).toMatchObject({ runId, status: 'succeeded', output: 'added' });
  expect(added('launched once')).toBe(1);
});

it('queues a run that failed again when launched again: a worker resumes it, its first write is not repeated', async () => {
  const workflow = await compiledTasksWorkflow(addThenClose());
  const runId = 'c3f0a8e2-1111-8aaa-9bbb-000000000002';
  const failed = await launcher.launch(workflow, { title: 'resumed on a worker', close: 999_999 }, { runId });
  expect(failed).toMatchObject({ status: 'failed', error: { step: 'close' } });

  // The task it could not close is now there: the run goes on from its failed step.
  world.emulator.tasks.set(999_999, {
    ...[...world.emulator.tasks.values()][0],
    id: 999_999,
    status: 'open',
  });
  const resumed = await launcher.launch(
    workflow,
    { title: 'resumed on a worker', close: 999_999 },
    { runId },
  );
  expect(resumed).toMatchObject({ runId, status: 'succeeded' });
  expect(added('resumed on a worker')).toBe(1);
  expect(await journal.run(runId)).toMatchObject({ status: 'succeeded', resumes: 1 });
});

it('refuses to have a run that failed resumed under another version of its workflow', async () => {
  const runId = 'c3f0a8e2-1111-8aaa-9bbb-000000000003';
  const input = { title: 'changed since', close: 999_998 };
  await launcher.launch(await compiledTasksWorkflow(addThenClose()), input, { runId });
  const edited = await compiledTasksWorkflow(addThenClose('edited'));
  const refused = launcher.launch(edited, input, { runId });
  await expect(refused).rejects.toBeInstanceOf(ResumeRefused);
  await expect(refused).rejects.toThrow(/changed since run c3f0a8e2-1111-8aaa-9bbb-000000000003 started/);
  expect(await journal.run(runId)).toMatchObject({ status: 'failed', resumes: 0 });
  expect(added('changed since')).toBe(1);
});
