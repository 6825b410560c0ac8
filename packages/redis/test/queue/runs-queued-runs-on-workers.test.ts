import { join } from 'node:path';
import { expect, it, jest } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import { SqliteJournal } from '@toolsteps/sqlite';
import tasks from '../../../../examples/tasks/src/index.js';
import { RunQueue, RunWorker } from '../../src/index.js';
import { QUEUE_KEY } from './support/queue-key.js';
import { useTasksQueueWorld } from './support/tasks-queue-world.js';

jest.setTimeout(120_000);

const world = useTasksQueueWorld('toolsteps-queue-');

const ADD_ONE = {
  id: 'add-one',
  input: { type: 'object', required: ['title'] },
  steps: [{ id: 'add', step: 'tasks.add_task', args: { title: '{% $input.title %}' } }],
  output: '{% $steps.add.result.title %}',
};

/** The workflow as whoever enqueues checks it: its steps, not the workers' accounts. */
async function addOne() {
  const engine = await createEngine({ integrations: [tasks], accounts: [] });
  const checked = await engine.validate({ text: JSON.stringify(ADD_ONE) }, { accounts: false });
  if (!checked.ok) throw new Error(JSON.stringify(checked.diagnostics));
  return checked.workflow;
}

/** A worker as `toolsteps worker` makes one: its own engine, on the journal every worker shares. */
async function worker(journal: SqliteJournal, queue: string) {
  const engine = await createEngine({ integrations: [tasks], accounts: [world.emulator.account], journal });
  const running = new RunWorker({
    redis: world.redis.url,
    key: QUEUE_KEY,
    engine,
    journal,
    queue,
    concurrency: 4,
  });
  await running.start();
  return running;
}

it('runs put on the queue are run once each by two workers, and their results come back', async () => {
  const queueName = 'two-workers';
  const path = join(world.dir, 'runs.sqlite');
  const journals = [SqliteJournal.open(path), SqliteJournal.open(path)];
  const workers = await Promise.all(journals.map((journal) => worker(journal, queueName)));
  const workflow = await addOne();
  const queue = new RunQueue({ redis: world.redis.url, key: QUEUE_KEY, queue: queueName });
  try {
    const titles = Array.from({ length: 40 }, (_, index) => `queued #${index}`);
    const queued = await Promise.all(titles.map((title) => queue.enqueue(workflow, { title })));
    // The same run id twice is one run.
    await queue.enqueue(workflow, { title: titles[0] }, { runId: queued[0].runId });
    const results = await Promise.all(queued.map(({ runId }) => queue.result(runId)));

    expect(results.map((result) => result.status)).toEqual(titles.map(() => 'succeeded'));
    expect(results.map((result) => result.output)).toEqual(titles);
    const added = [...world.emulator.tasks.values()].filter((task) => task.title.startsWith('queued #'));
    expect(added.map((task) => task.title).sort()).toEqual([...titles].sort());
    const journaled = await journals[0].runs({ status: ['succeeded'] });
    expect(journaled.map((run) => run.id).sort()).toEqual(queued.map(({ runId }) => runId).sort());
  } finally {
    await queue.close();
    await Promise.all(workers.map((running) => running.close()));
    await Promise.all(journals.map((journal) => journal.close()));
  }
});

it('progress of a queued run reaches whoever enqueued it, from the worker that runs it', async () => {
  const queueName = 'progress';
  const journal = SqliteJournal.open(join(world.dir, 'progress.sqlite'));
  const running = await worker(journal, queueName);
  const workflow = await addOne();
  const queue = new RunQueue({ redis: world.redis.url, key: QUEUE_KEY, queue: queueName });
  try {
    const events: string[] = [];
    const { runId } = await queue.enqueue(
      workflow,
      { title: 'watched' },
      { onEvent: (event) => events.push(event.type) },
    );
    const result = await queue.result(runId);
    expect(result.status).toBe('succeeded');
    // Progress travels as job events: all of them arrive, the last may come just after the result.
    await waitUntil(() => events.includes('run.finished'));
    expect(events).toEqual(['run.started', 'step.started', 'step.succeeded', 'run.finished']);
  } finally {
    await queue.close();
    await running.close();
    await journal.close();
  }
});

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
