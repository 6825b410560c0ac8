import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import { createEngine, MemoryVault } from '@toolsteps/engine';
import { SqliteJournal } from '@toolsteps/sqlite';
import { Queue } from 'bullmq';
import tasks from '../../../../../examples/tasks/src/index.js';
import { RunQueue, RunWorker, type SignedRunJob } from '../../../src/index.js';
import { QUEUE_KEY } from '../../queue/support/queue-key.js';
import { useTasksQueueWorld } from '../../queue/support/tasks-queue-world.js';
import { compiledTasksWorkflow } from '../../queue/support/tasks-workflow.js';
import { tasksAccountsOfTwoUsers, whoseAccount } from '../support/tasks-accounts-of-two-users.js';

jest.setTimeout(120_000);

const world = useTasksQueueWorld('toolsteps-users-queue-');
const QUEUE = 'users';

/** Adds a task, then closes the task the input names: a close of a task that is not there fails the run. */
const ADD_THEN_CLOSE = {
  id: 'add-then-close',
  input: { type: 'object', required: ['title', 'close'] },
  steps: [
    { id: 'add', step: 'tasks.add_task', account: 'Main', args: { title: '{% $input.title %}' } },
    { id: 'close', step: 'tasks.complete_task', account: 'Main', args: { id: '{% $input.close %}' } },
  ],
  output: '{% $steps.add.result.title %}',
};

let journal: SqliteJournal;
let worker: RunWorker;
let queue: RunQueue;
/** How anyone who can write to the Redis adds a job: BullMQ itself. */
let byHand: Queue;
beforeEach(async () => {
  journal = SqliteJournal.open(join(world.dir, 'runs.sqlite'));
  // The worker holds every user's accounts; Bob's reaches the emulator, Alice's (same id and name) is refused there.
  const vault = new MemoryVault(tasksAccountsOfTwoUsers(world.emulator, 'bob'));
  const engine = await createEngine({ integrations: [tasks], vault, journal });
  worker = new RunWorker({ redis: world.redis.url, key: QUEUE_KEY, engine, journal, queue: QUEUE });
  await worker.start();
  queue = new RunQueue({ redis: world.redis.url, key: QUEUE_KEY, queue: QUEUE });
  byHand = new Queue(QUEUE, { connection: { host: '127.0.0.1', port: world.redis.port } });
});
afterEach(async () => {
  await byHand.close();
  await queue.close();
  await worker.close();
  await journal.close();
});

const whose = (from: number) =>
  world.emulator.requests
    .slice(from)
    .map(
      (request) =>
        `${request.method} ${request.path} with ${whoseAccount(request, world.emulator, 'bob')}'s account`,
    );

it("a run queued for Bob is run by a worker with Bob's account, and resumed with it when queued again", async () => {
  const workflow = await compiledTasksWorkflow(ADD_THEN_CLOSE);
  const input = { title: 'Queued for Bob', close: 525_252 };
  const sentBefore = world.emulator.requests.length;

  const { runId } = await queue.enqueue(workflow, input, { user: 'bob' });
  expect(await queue.result(runId)).toMatchObject({
    status: 'failed',
    user: 'bob',
    error: { step: 'close' },
  });
  expect(await journal.run(runId)).toMatchObject({ status: 'failed', user: 'bob' });

  // The task it could not close is there now: queued again, a worker resumes the run, for Bob.
  world.emulator.tasks.set(525_252, {
    ...[...world.emulator.tasks.values()][0],
    id: 525_252,
    status: 'open',
  });
  await queue.enqueue(workflow, input, { runId, user: 'bob', rerunUnsucceeded: true });
  expect(await queue.result(runId)).toMatchObject({
    status: 'succeeded',
    user: 'bob',
    output: 'Queued for Bob',
  });

  expect(whose(sentBefore)).toEqual([
    "POST /tasks with bob's account",
    "PUT /tasks/525252/completion with bob's account",
    "PUT /tasks/525252/completion with bob's account",
  ]);
  expect(await journal.run(runId)).toMatchObject({ status: 'succeeded', user: 'bob', resumes: 1 });
});

it('a queued job whose user was changed is refused, as any change of a signed job is', async () => {
  const workflow = await compiledTasksWorkflow(ADD_THEN_CLOSE);
  const runId = randomUUID();
  await queue.enqueue(workflow, { title: 'Not for Alice', close: 1 }, { runId, user: 'bob' });
  expect(await queue.result(runId)).toMatchObject({ status: 'succeeded', user: 'bob' });
  const journaled = await journal.run(runId);
  // What a reader of the Redis sees: the signed job, which it may copy and change.
  const signed = (await byHand.getJob(runId))?.data as SignedRunJob;
  const run = JSON.parse(signed.run);
  const sentBefore = world.emulator.requests.length;

  for (const user of ['alice', undefined]) {
    const tampered = { ...signed, run: JSON.stringify({ ...run, user }) };
    await (await byHand.getJob(runId))?.remove();
    await byHand.add('run', tampered, { jobId: runId });
    await expect(queue.result(runId)).rejects.toThrow(
      new RegExp(`^Job ${runId} refused, nothing of it ran: its signature does not match`),
    );
  }

  expect(world.emulator.requests.length).toBe(sentBefore);
  expect(await journal.run(runId)).toEqual(journaled);
});

it('a job signed for another user than the run it names began for is refused: a run is never taken over for another user', async () => {
  const workflow = await compiledTasksWorkflow(ADD_THEN_CLOSE);
  const input = { title: 'Begun for Bob', close: 626_262 };
  const { runId } = await queue.enqueue(workflow, input, { user: 'bob' });
  expect(await queue.result(runId)).toMatchObject({ status: 'failed', user: 'bob' });
  const failed = await journal.run(runId);
  const sentBefore = world.emulator.requests.length;

  // Someone holding the key queues the same run again, for Alice (or for no user).
  for (const user of ['alice', undefined]) {
    await queue.enqueue(workflow, input, { runId, user, rerunUnsucceeded: true });
    await expect(queue.result(runId)).rejects.toThrow(
      `Job ${runId} refused, nothing of it ran: it names another user than the one its run began for`,
    );
  }

  expect(world.emulator.requests.length).toBe(sentBefore);
  expect(await journal.run(runId)).toEqual(failed);
});

it('refuses to queue a run for a user with an empty name', async () => {
  const workflow = await compiledTasksWorkflow(ADD_THEN_CLOSE);
  await expect(queue.enqueue(workflow, { title: 'x', close: 1 }, { user: '' })).rejects.toThrow(
    'RunQueue.enqueue: `user` names the end user the run acts for: a non-empty string',
  );
});
