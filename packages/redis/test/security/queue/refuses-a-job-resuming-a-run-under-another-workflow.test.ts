import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import { SqliteJournal } from '@toolsteps/sqlite';
import tasks from '../../../../../examples/tasks/src/index.js';
import { RunQueue, RunWorker } from '../../../src/index.js';
import { QUEUE_KEY } from '../../queue/support/queue-key.js';
import { useTasksQueueWorld } from '../../queue/support/tasks-queue-world.js';
import { compiledTasksWorkflow } from '../../queue/support/tasks-workflow.js';

jest.setTimeout(120_000);

const world = useTasksQueueWorld('toolsteps-changed-workflow-');
const QUEUE = 'changed-workflow';

/** Adds a task, then closes the task the input names: a close of a task that is not there fails the run. */
const addThenClose = (title: string) => ({
  id: 'add-then-close',
  input: { type: 'object', required: ['close'] },
  steps: [
    { id: 'add', step: 'tasks.add_task', args: { title } },
    { id: 'close', step: 'tasks.complete_task', args: { id: '{% $input.close %}' } },
  ],
});

let journal: SqliteJournal;
let worker: RunWorker;
let queue: RunQueue;
beforeEach(async () => {
  journal = SqliteJournal.open(join(world.dir, 'runs.sqlite'));
  const engine = await createEngine({ integrations: [tasks], accounts: [world.emulator.account], journal });
  worker = new RunWorker({ redis: world.redis.url, key: QUEUE_KEY, engine, journal, queue: QUEUE });
  await worker.start();
  queue = new RunQueue({ redis: world.redis.url, key: QUEUE_KEY, queue: QUEUE });
});
afterEach(async () => {
  await queue.close();
  await worker.close();
  await journal.close();
});

it('a job signed with the key that names a journaled run under another workflow is refused, as `runs resume` refuses it', async () => {
  const first = await compiledTasksWorkflow(addThenClose('first version'));
  const input = { close: 424_242 };
  const { runId } = await queue.enqueue(first, input);
  expect(await queue.result(runId)).toMatchObject({ status: 'failed', error: { step: 'close' } });
  const failed = await journal.run(runId);

  // The same run id, queued again with another workflow by someone holding the key.
  const requests = world.emulator.requests.length;
  const other = await compiledTasksWorkflow(addThenClose('another version'));
  await queue.enqueue(other, input, { runId, rerunUnsucceeded: true });
  await expect(queue.result(runId)).rejects.toThrow(
    new RegExp(
      `^Job ${runId} refused, nothing of it ran: The workflow add-then-close changed since run ${runId} started`,
    ),
  );
  expect(world.emulator.requests.length).toBe(requests);
  expect(await journal.run(runId)).toEqual(failed);

  // Its own workflow resumes it: the task it could not close is there now, and the add is not repeated.
  world.emulator.tasks.set(424_242, {
    ...[...world.emulator.tasks.values()][0],
    id: 424_242,
    status: 'open',
  });
  await queue.enqueue(first, input, { runId, rerunUnsucceeded: true });
  expect(await queue.result(runId)).toMatchObject({ status: 'succeeded' });
  const titles = [...world.emulator.tasks.values()].map((task) => task.title);
  expect(titles.filter((title) => title === 'first version')).toHaveLength(1);
  expect(titles).not.toContain('another version');
  expect(await journal.run(runId)).toMatchObject({ status: 'succeeded', resumes: 1 });
});
