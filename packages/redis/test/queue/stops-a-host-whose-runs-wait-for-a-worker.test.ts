import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import { deliveryRunId } from '@toolsteps/engine';
import { SqliteJournal } from '@toolsteps/sqlite';
import {
  type BoardSetup,
  boardSetup,
  card,
  temporaryFolder,
} from '../../../engine/test/triggers/host/host-helpers.js';
import { commentsAccepted } from '../../../engine/test/triggers/host/two-comments.js';
import { QueueRunLauncher, RunQueue, RunWorker } from '../../src/index.js';
import { QUEUE_KEY } from './support/queue-key.js';
import { useSharedRedis } from './support/shared-redis.js';

jest.setTimeout(120_000);

const shared = useSharedRedis();

let folder: ReturnType<typeof temporaryFolder>;
let journal: SqliteJournal;
let setup: BoardSetup;
let queue: RunQueue;
let worker: RunWorker | undefined;
let name: string;
beforeEach(async () => {
  folder = temporaryFolder();
  journal = SqliteJournal.open(join(folder.path, 'runs.sqlite'));
  setup = await boardSetup({ journal });
  name = `stopping-${Math.random().toString(36).slice(2)}`;
  queue = new RunQueue({ redis: shared.redis.url, key: QUEUE_KEY, queue: name });
});
afterEach(async () => {
  await setup.close();
  await worker?.close();
  worker = undefined;
  await queue.close();
  await journal.close();
  folder.remove();
});

const commented = (cardId: number) => commentsAccepted(setup.board.emulator, cardId);

it('stops without a worker: the run stays queued, and the next start has a worker finish it once', async () => {
  const launcher = new QueueRunLauncher(queue, { journal });
  const { host: first, log: firstLog } = await setup.host({ launcher });
  await first.activate('triage-new-bugs');
  await first.start();
  const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
  expect(answer.status).toBe(202);
  await firstLog.next('run.started');

  // No worker takes the run: stopping does not wait for it.
  await first.stop();
  expect(await queue.counts()).toEqual({ waiting: 1, active: 0 });
  const [delivery] = await first.deliveries();
  expect(delivery).toMatchObject({ id: answer.id, status: 'running', runs: [] });
  expect(firstLog.of('run.finished')).toEqual([]);
  expect(firstLog.of('delivery.finished')).toEqual([]);

  const { host: next, log } = await setup.host({ launcher });
  await next.start();
  worker = new RunWorker({
    redis: shared.redis.url,
    key: QUEUE_KEY,
    engine: setup.engine,
    journal,
    queue: name,
  });
  await worker.start();
  expect(await log.next('delivery.finished')).toMatchObject({ deliveryId: answer.id, status: 'succeeded' });
  const runId = deliveryRunId(delivery, 0);
  expect(log.of('run.started').map((event) => event.runId)).toEqual([runId]);
  expect((await next.deliveries())[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  expect(await journal.run(runId)).toMatchObject({ status: 'succeeded', resumes: 0 });
  expect(commented(11)).toBe(1);
});
