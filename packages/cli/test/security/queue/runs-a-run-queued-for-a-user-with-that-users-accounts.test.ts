import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { type RedisServer, startRedisServer } from '@toolsteps/redis/testing';
import { QUEUE_KEY_ENV } from '../../../../redis/test/queue/support/queue-key.js';
import {
  tasksAccountsOfTwoUsers,
  whoseAccount,
} from '../../../../redis/test/security/support/tasks-accounts-of-two-users.js';
import { runCli, startCli, TASKS } from '../../support/cli-process.js';
import { useTasksWorld } from '../../support/tasks-world.js';

jest.setTimeout(300_000);

const world = useTasksWorld();
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.stop());

/** A task added with the account named `Main` of the run's user. */
const ADD_ONE = {
  id: 'add-one',
  steps: [{ id: 'add', step: 'tasks.add_task', account: 'Main', args: { title: 'Queued for Bob' } }],
  output: '{% $steps.add.result.title %}',
};

it("`toolsteps run --redis --user bob` is run by a worker holding every user's accounts with Bob's", async () => {
  const { emulator, temp } = world;
  // Alice's and Bob's accounts, the same id and name: only Bob's token is the emulator's.
  const accounts = await temp.write(
    'accounts.json',
    JSON.stringify({ accounts: tasksAccountsOfTwoUsers(emulator, 'bob') }),
  );
  const workflow = await temp.write('add-one.json', JSON.stringify(ADD_ONE));
  const worker = startCli([...TASKS, 'worker', '--redis', redis.url, '--accounts', accounts], {
    env: QUEUE_KEY_ENV,
  });
  try {
    await worker.waitFor(/^worker ready/m, 'stderr');
    const sentBefore = emulator.requests.length;

    const queued = await runCli(
      [...TASKS, 'run', workflow, '--redis', redis.url, '--user', 'bob', '--json'],
      {
        env: QUEUE_KEY_ENV,
      },
    );

    expect(queued.code).toBe(0);
    const result = JSON.parse(queued.stdout);
    expect(result).toMatchObject({ status: 'succeeded', user: 'bob', output: 'Queued for Bob' });
    const sent = emulator.requests.slice(sentBefore);
    expect(
      sent.map(
        (request) =>
          `${request.method} ${request.path} with ${whoseAccount(request, emulator, 'bob')}'s account`,
      ),
    ).toEqual(["POST /tasks with bob's account"]);
    const shown = await runCli(['runs', 'show', result.runId, '--redis', redis.url, '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ status: 'succeeded', user: 'bob' });
  } finally {
    worker.child.kill('SIGINT');
    await worker.exited;
  }
});
