import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../../../engine/test/support/temp-files.js';
import { runCliHere } from '../../support/cli-in-process.js';
import { runCli, TASKS } from '../../support/cli-process.js';

jest.setTimeout(300_000);

let temp: TempFiles;
beforeAll(async () => {
  temp = await tempFiles();
});
afterAll(() => temp?.remove());

/** A named pipe nobody writes to: opening it to read would wait for a writer for ever. */
function namedPipe(name: string): string {
  const path = temp.path(name);
  execFileSync('mkfifo', ['-m', '600', path]);
  return path;
}

it('a key file or URL file that is a named pipe is refused at once, not waited on', async () => {
  const pipe = namedPipe('queue.key');
  const accounts = await temp.write('accounts.json', '{"accounts":[]}');
  // Nothing connects: the key is read before the Redis is.
  const worker = await runCli(
    [...TASKS, 'worker', '--redis', 'redis://127.0.0.1:1', '--accounts', accounts, '--queue-key-file', pipe],
    { env: { TOOLSTEPS_QUEUE_KEY: undefined } },
  );
  expect({ code: worker.code, stderr: worker.stderr }).toEqual({
    code: 2,
    stderr: `toolsteps: --queue-key-file: ${pipe} is not a file\n`,
  });

  const urlPipe = namedPipe('redis.url');
  const shown = await runCliHere(['runs', 'show', 'some-run', '--redis-url-file', urlPipe]);
  expect({ code: shown.code, stderr: shown.stderr }).toEqual({
    code: 2,
    stderr: `toolsteps: --redis-url-file: ${urlPipe} is not a file\n`,
  });
});

it('a file over 4 KiB is refused without being read whole', async () => {
  const big = await temp.write('big.url', `redis://127.0.0.1:6379/${'0'.repeat(5000)}\n`);
  const shown = await runCliHere(['runs', 'show', 'some-run', '--redis-url-file', big]);
  expect({ code: shown.code, stderr: shown.stderr }).toEqual({
    code: 2,
    stderr: `toolsteps: --redis-url-file: ${big} is over 4096 bytes: it holds one line\n`,
  });
});
