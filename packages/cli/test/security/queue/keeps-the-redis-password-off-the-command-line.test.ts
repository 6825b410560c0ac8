import { chmod, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { type RedisServer, startRedisServer } from '@toolsteps/redis/testing';
import { QUEUE_KEY_ENV } from '../../../../redis/test/queue/support/queue-key.js';
import { type CliResult, runCli, startCli, TASKS, TRIAGE } from '../../support/cli-process.js';
import { useTasksWorld } from '../../support/tasks-world.js';

jest.setTimeout(300_000);

const PASSWORD = 'redis-pass-off-argv-5b1e';
const world = useTasksWorld();
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer({ password: PASSWORD });
});
afterAll(() => redis?.stop());

/** The URL in a file only its owner reads, as `--redis-url-file` takes it. */
async function urlFile(name: string, mode = 0o600): Promise<string> {
  const path = await world.temp.write(name, `${redis.url}\n`);
  await chmod(path, mode);
  return path;
}

const shown = (result: CliResult) => result.stdout + result.stderr;

it('workers given the URL in TOOLSTEPS_REDIS_URL or in a file run queued runs, and no argument list shows the password', async () => {
  const accounts = await world.accountsFile();
  await chmod(accounts, 0o600);
  const file = await urlFile('redis.url');
  const fromEnv = { ...QUEUE_KEY_ENV, TOOLSTEPS_REDIS_URL: redis.url };
  const workers = [
    startCli([...TASKS, 'worker', '--accounts', accounts], { env: fromEnv }),
    startCli([...TASKS, 'worker', '--redis-url-file', file, '--accounts', accounts], { env: QUEUE_KEY_ENV }),
  ];
  try {
    await Promise.all(workers.map((worker) => worker.waitFor(/^worker ready/m, 'stderr')));
    // What `ps` shows every user of the machine.
    for (const worker of workers)
      expect(await readFile(`/proc/${worker.child.pid}/cmdline`, 'utf8')).not.toContain(PASSWORD);

    // `--redis` alone: the URL in TOOLSTEPS_REDIS_URL.
    const queued = await runCli(
      [...TASKS, 'run', TRIAGE, '--input', '{"today":"2026-11-21"}', '--redis', '--detach'],
      { env: fromEnv },
    );
    expect(queued.code).toBe(0);
    const runId = queued.stdout.trim();
    expect(queued.stderr).toBe(`queued: \`toolsteps runs show ${runId} --redis\` follows it\n`);
    await Promise.race(
      workers.map((worker) => worker.waitFor(new RegExp(`^run ${runId} succeeded`, 'm'), 'stderr')),
    );
    const listed = await runCli(['runs', 'show', runId, '--redis-url-file', file, '--json']);
    expect(JSON.parse(listed.stdout)).toMatchObject({ id: runId, status: 'succeeded' });
    expect(listed.stderr).toBe('');
  } finally {
    for (const worker of workers) worker.child.kill('SIGINT');
    const ended = await Promise.all(workers.map((worker) => worker.exited));
    for (const result of ended) {
      expect(shown(result)).not.toContain(PASSWORD);
      expect(result.stderr).not.toContain('warning');
    }
  }
});

it('a password given on the command line, or in a file others can read, gets one warning; the password itself is never shown', async () => {
  const onTheLine = await runCli(['runs', '--redis', redis.url]);
  expect(onTheLine.code).toBe(0);
  expect(onTheLine.stderr).toBe(
    `toolsteps: warning: the Redis password is on the command line (--redis redis://:***@127.0.0.1:${redis.port}), where \`ps\` shows it to every user of this machine: ` +
      'set TOOLSTEPS_REDIS_URL and give --redis alone, or put the URL in an owner-only file for --redis-url-file <file>\n',
  );

  const open = await urlFile('readable-redis.url', 0o644);
  const fromOpenFile = await runCli(['runs', '--redis-url-file', open]);
  expect(fromOpenFile.code).toBe(0);
  expect(fromOpenFile.stderr).toBe(
    `toolsteps: warning: other users can read or replace ${open}, which holds the Redis password (mode 644): run \`chmod 600 ${open}\`\n`,
  );
  for (const result of [onTheLine, fromOpenFile]) expect(shown(result)).not.toContain(PASSWORD);
});

it('says where the URL was to come from when it is missing or given twice', async () => {
  const unset = await runCli(['runs', '--redis'], { env: { TOOLSTEPS_REDIS_URL: undefined } });
  expect(unset.code).toBe(2);
  expect(unset.stderr).toBe(
    'toolsteps: --redis without a URL takes it from TOOLSTEPS_REDIS_URL, which is not set: set it, or give --redis <url> or --redis-url-file <file>\n',
  );
  const twice = await runCli([
    'runs',
    '--redis',
    'redis://127.0.0.1:1',
    '--redis-url-file',
    await urlFile('twice.url'),
  ]);
  expect(twice.code).toBe(2);
  expect(twice.stderr).toBe('toolsteps: --redis <url> and --redis-url-file both name the Redis: give one\n');
  const worker = await runCli([...TASKS, 'worker', '--accounts', await world.accountsFile()], {
    env: { ...QUEUE_KEY_ENV, TOOLSTEPS_REDIS_URL: undefined },
  });
  expect(worker.code).toBe(2);
  expect(worker.stderr).toContain(
    'toolsteps: worker needs the Redis its queue lives in: --redis redis://host:port, or the URL in TOOLSTEPS_REDIS_URL or in a file (--redis-url-file <file>)',
  );
});
