import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type RedisServer, startRedisServer } from '@toolsteps/redis/testing';
import { card } from '../../engine/test/triggers/host/host-helpers.js';
import { QUEUE_KEY_ENV } from '../../redis/test/queue/support/queue-key.js';
import { BOARD, useBoardWorld } from './support/board-world.js';
import { runCliHere } from './support/cli-in-process.js';
import { type CliProcess, runCli, startCli } from './support/cli-process.js';
import { type ServeProcess, startServe } from './support/serve-process.js';

jest.setTimeout(300_000);

const PASSWORD = 'serve-redis-pass-7d2e';

describe('toolsteps serve --redis', () => {
  const world = useBoardWorld();
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer({ password: PASSWORD });
  });
  afterAll(async () => {
    await redis?.stop();
  });

  const comments = (cardId: number) =>
    world.board.emulator.requests.filter((r) => r.path === `/cards/${cardId}/comments` && r.status === 201);
  const deliveries = async () => {
    const listed = await runCliHere([
      ...BOARD,
      'deliveries',
      '--store',
      world.temp.path('triggers.sqlite'),
      '--json',
    ]);
    expect(listed.code).toBe(0);
    return JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
  };

  it('queues each delivery’s run for a worker, and records the run’s end with the delivery', async () => {
    const { board, accounts } = world;
    const worker: CliProcess = startCli([...BOARD, 'worker', '--redis', redis.url, '--accounts', accounts], {
      env: QUEUE_KEY_ENV,
    });
    let serving: ServeProcess | undefined;
    try {
      await worker.waitFor(/^worker ready/m, 'stderr');
      serving = startServe([...world.serveArgs('triggers.sqlite'), '--redis', redis.url], {
        env: QUEUE_KEY_ENV,
      });
      const ready = await serving.ready();
      expect(ready.queue).toEqual({
        redis: expect.stringContaining('redis://:***@127.0.0.1:'),
        name: 'toolsteps-runs',
      });

      const [sent] = await board.createCards('roadmap', [card(11, 'Crash on save', ['bug'])]);
      expect(sent.status).toBe(202);
      const finished = await serving.waitForLine((line) => line.type === 'run.finished');
      expect(finished).toMatchObject({ deliveryId: sent.id, status: 'succeeded' });
      const runId = String(finished.runId);
      await worker.waitFor(new RegExp(`^run ${runId} succeeded`, 'm'), 'stderr');
      expect(comments(11)).toHaveLength(1);

      // A run that fails is kept failed; replayed through the queue, a worker resumes that same run.
      board.emulator.faults.inject({ method: 'POST', path: '/cards/12/comments', status: 422 });
      const [locked] = await board.createCards('roadmap', [card(12, 'Locked card', ['bug'])]);
      await serving.waitForLine(
        (line) =>
          line.type === 'delivery.finished' && line.deliveryId === locked.id && line.status === 'failed',
      );
      const stopped = await serving.stop();
      serving = undefined;
      expect(stopped.code).toBe(0);
      expect(stopped.stdout + stopped.stderr).not.toContain(PASSWORD);

      const replayed = await runCli(
        [...world.replayArgs(locked.id, 'triggers.sqlite'), '--redis', redis.url],
        {
          env: QUEUE_KEY_ENV,
        },
      );
      expect(replayed.code).toBe(0);
      expect(comments(12)).toHaveLength(1);

      const kept = await deliveries();
      const lockedRuns = kept.find((delivery) => delivery.id === locked.id)?.runs as Array<{ runId: string }>;
      expect(kept).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: sent.id,
            status: 'succeeded',
            runs: [expect.objectContaining({ runId })],
          }),
          expect.objectContaining({ id: locked.id, status: 'succeeded', attempts: 2 }),
        ]),
      );
      expect(lockedRuns.map((run) => run.runId)).toEqual([lockedRuns[0].runId, lockedRuns[0].runId]);
      const shown = await runCliHere(['runs', 'show', lockedRuns[0].runId, '--redis', redis.url, '--json']);
      expect(JSON.parse(shown.stdout)).toMatchObject({ status: 'succeeded', resumes: 1 });
    } finally {
      board.emulator.faults.clear();
      await serving?.stop();
      worker.child.kill('SIGINT');
      const ended = await worker.exited;
      expect(ended.stdout + ended.stderr).not.toContain(PASSWORD);
    }
  });

  const serveWith = (redisUrl: string) =>
    runCli(
      [...BOARD, 'serve', world.binding, '--accounts', world.accounts, '--port', '0', '--redis', redisUrl],
      {
        env: QUEUE_KEY_ENV,
      },
    );

  it('fails at once, exit 2, on a URL that is not Redis’s or a Redis it cannot reach, never showing a password', async () => {
    const notRedis = await serveWith('http://127.0.0.1:6379');
    expect(notRedis.code).toBe(2);
    expect(notRedis.stderr).toMatch(/--redis: a Redis URL starts with redis:\/\//);

    const wrongPassword = redis.url.replace(PASSWORD, 'wrong-password-91c');
    const refused = await serveWith(wrongPassword);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/The Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ is unreachable/);
    expect(refused.stdout + refused.stderr).not.toContain('wrong-password-91c');

    const closed = await serveWith(`redis://:${PASSWORD}@127.0.0.1:1`);
    expect(closed.code).toBe(2);
    expect(closed.stderr).toMatch(/is unreachable/);
    expect(closed.stdout + closed.stderr).not.toContain(PASSWORD);
  });

  it('needs --accounts: emulators it started would be out of the workers’ reach', async () => {
    const emulated = await runCliHere([
      ...BOARD,
      'serve',
      world.binding,
      '--port',
      '0',
      '--redis',
      redis.url,
    ]);
    expect(emulated.code).toBe(2);
    expect(emulated.stderr).toContain('serve --redis needs --accounts');
  });
});
