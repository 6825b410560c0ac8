import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import { SqliteJournal } from '@toolsteps/sqlite';
import { Queue } from 'bullmq';
import tasks from '../../../../../examples/tasks/src/index.js';
import { RunQueue, RunWorker, type SignedRunJob, type WorkerEvent } from '../../../src/index.js';
import { QUEUE_KEY } from '../../queue/support/queue-key.js';
import { useTasksQueueWorld } from '../../queue/support/tasks-queue-world.js';

jest.setTimeout(120_000);

const world = useTasksQueueWorld('toolsteps-signed-jobs-');
const QUEUE = 'signed-jobs';

const ADD_ONE = {
  id: 'add-one',
  input: { type: 'object', required: ['title'] },
  steps: [{ id: 'add', step: 'tasks.add_task', args: { title: '{% $input.title %}' } }],
  output: '{% $steps.add.result.title %}',
};

let journal: SqliteJournal;
let worker: RunWorker;
/** How the key's holders queue runs, and read how each ended. */
let queue: RunQueue;
/** How anyone who can write to the Redis adds a job: BullMQ itself, without the key. */
let byHand: Queue;
const refused: Array<Extract<WorkerEvent, { type: 'job.refused' }>> = [];

// Each test's own, closed after it: the Redis stops once the file's tests are done.
beforeEach(async () => {
  journal = SqliteJournal.open(join(world.dir, 'runs.sqlite'));
  const engine = await createEngine({ integrations: [tasks], accounts: [world.emulator.account], journal });
  worker = new RunWorker({
    redis: world.redis.url,
    key: QUEUE_KEY,
    engine,
    journal,
    queue: QUEUE,
    onEvent: (event) => event.type === 'job.refused' && refused.push(event),
  });
  await worker.start();
  queue = new RunQueue({ redis: world.redis.url, key: QUEUE_KEY, queue: QUEUE });
  byHand = new Queue(QUEUE, { connection: { host: '127.0.0.1', port: world.redis.port } });
});
afterEach(async () => {
  await byHand?.close();
  await queue?.close();
  await worker?.close();
  await journal?.close();
});

async function addOne() {
  const engine = await createEngine({ integrations: [tasks], accounts: [] });
  const checked = await engine.validate({ text: JSON.stringify(ADD_ONE) }, { accounts: false });
  if (!checked.ok) throw new Error(JSON.stringify(checked.diagnostics));
  return checked.workflow;
}

/**
 * Adds `data` as job `jobId` of `into` by hand, and resolves with why it failed once a worker took
 * it; nothing of it may reach the emulator. A failed job of that id is removed first.
 */
async function addedByHand(jobId: string, data: unknown, into = { byHand, queue }): Promise<string> {
  await (await into.byHand.getJob(jobId))?.remove();
  const requests = world.emulator.requests.length;
  await into.byHand.add('run', data as SignedRunJob, { jobId });
  const ended = await into.queue.result(jobId).then(
    (result) => `ran: ${result.status}`,
    (error: Error) => error.message,
  );
  expect(world.emulator.requests.length).toBe(requests);
  return ended;
}

it('a job added with plain BullMQ, as anyone who can write to the Redis can, fails without a step run or a journal record', async () => {
  const runId = randomUUID();
  const planted = { runId, definition: ADD_ONE, input: { title: 'planted' }, progress: false };

  const why = await addedByHand(runId, planted);

  expect(why).toMatch(new RegExp(`^Job ${runId} refused, nothing of it ran: it carries no signature`));
  expect(await journal.run(runId)).toBeUndefined();
  expect(refused.at(-1)).toEqual({ type: 'job.refused', jobId: runId, reason: why });
  const job = await byHand.getJob(runId);
  expect(await job?.getState()).toBe('failed');
});

it('a signed job changed in any way (input, workflow, run id, job id, queue) is refused, and the run it names is left as it was', async () => {
  const { runId } = await queue.enqueue(await addOne(), { title: 'signed once' });
  expect(await queue.result(runId)).toMatchObject({ status: 'succeeded', output: 'signed once' });
  const journaled = await journal.run(runId);
  // What a reader of the Redis sees: the signed job, which it may copy and change.
  const signed = (await byHand.getJob(runId))?.data as SignedRunJob;
  const run = JSON.parse(signed.run);
  const changed = (change: (copy: typeof run) => void) => {
    const copy = structuredClone(run);
    change(copy);
    return { ...signed, run: JSON.stringify(copy) };
  };
  const mismatch = /refused, nothing of it ran: its signature does not match/;

  expect(
    await addedByHand(
      runId,
      changed((copy) => (copy.input.title = 'changed')),
    ),
  ).toMatch(mismatch);
  expect(
    await addedByHand(
      runId,
      changed((copy) => (copy.definition.steps[0].args.title = 'a title of my own')),
    ),
  ).toMatch(mismatch);
  expect(await addedByHand(runId, { ...signed, mac: Buffer.alloc(32).toString('base64url') })).toMatch(
    mismatch,
  );
  const otherRun = randomUUID();
  expect(
    await addedByHand(
      otherRun,
      changed((copy) => (copy.runId = otherRun)),
    ),
  ).toMatch(mismatch);
  // Unchanged, under another job id: it would run its run a second time.
  expect(await addedByHand(otherRun, signed)).toMatch(
    new RegExp(`refused, nothing of it ran: it was signed for run ${runId}, not for a job of this id`),
  );
  // Unchanged, on another queue of workers holding the same key.
  const elsewhere = await otherQueueOfWorkers('signed-jobs-elsewhere');
  try {
    expect(await addedByHand(runId, signed, elsewhere)).toMatch(mismatch);
  } finally {
    await elsewhere.close();
  }

  expect(await journal.run(runId)).toEqual(journaled);
  expect(await journal.run(otherRun)).toBeUndefined();
  const titles = [...world.emulator.tasks.values()].map((task) => task.title);
  expect(titles.filter((title) => title === 'signed once')).toHaveLength(1);
  expect(titles).not.toContain('changed');
  expect(titles).not.toContain('a title of my own');
});

it('a run queued with another key is refused, naming both keys by id', async () => {
  const otherKey = new RunQueue({
    redis: world.redis.url,
    key: randomBytes(32).toString('base64'),
    queue: QUEUE,
  });
  try {
    const requests = world.emulator.requests.length;
    const { runId } = await otherKey.enqueue(await addOne(), { title: 'wrong key' });

    await expect(otherKey.result(runId)).rejects.toThrow(
      /refused, nothing of it ran: it was signed with another queue key \(key id [0-9a-f]{8}; this worker's is [0-9a-f]{8}\)/,
    );
    expect(world.emulator.requests.length).toBe(requests);
    expect(await journal.run(runId)).toBeUndefined();
  } finally {
    await otherKey.close();
  }
});

it('a job under a huge id is told in a short line: the id is cut in the event as in its reason', async () => {
  const hugeId = `planted-${'x'.repeat(200_000)}`;

  const why = await addedByHand(hugeId, { runId: hugeId, definition: ADD_ONE, progress: false });

  const cut = `${hugeId.slice(0, 100)}…`;
  expect(why).toMatch(new RegExp(`^Job ${cut} refused, nothing of it ran: it carries no signature`));
  expect(refused.at(-1)).toEqual({ type: 'job.refused', jobId: cut, reason: why });
  await (await byHand.getJob(hugeId))?.remove();
});

it('a key that could be guessed is refused where it is given', () => {
  const redis = world.redis.url;
  expect(() => new RunQueue({ redis, key: 'secret' })).toThrow(
    'The queue key is 6 bytes long: it needs 32 to 1024 (random ones: `openssl rand -base64 32` prints a good key)',
  );
  expect(() => new RunQueue({ redis, key: 'a'.repeat(40) })).toThrow(/repeats a few characters/);
});

/** Another queue, whose worker holds the same key and shares the journal. */
async function otherQueueOfWorkers(name: string) {
  const engine = await createEngine({ integrations: [tasks], accounts: [world.emulator.account], journal });
  const other = new RunWorker({ redis: world.redis.url, key: QUEUE_KEY, engine, journal, queue: name });
  await other.start();
  const results = new RunQueue({ redis: world.redis.url, key: QUEUE_KEY, queue: name });
  const jobs = new Queue(name, { connection: { host: '127.0.0.1', port: world.redis.port } });
  return {
    queue: results,
    byHand: jobs,
    close: async () => {
      await jobs.close();
      await results.close();
      await other.close();
    },
  };
}
