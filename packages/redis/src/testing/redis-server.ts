import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  /** `redis://127.0.0.1:<port>`, with `:<password>@` when it has one. */
  url: string;
  port: number;
  /** Stops the server (SIGKILL if it lingers) and deletes its folder. */
  stop(): Promise<void>;
}

/** How long a server may take to say it is ready on a slow shared machine. */
const READY_TIMEOUT_MS = 30_000;

/**
 * Starts a throwaway `redis-server` (Debian's, on PATH) on a free loopback port, its files in a
 * temporary folder: for tests and benchmarks of workers, which need the real Redis BullMQ runs on.
 */
export async function startRedisServer(options: { password?: string } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'toolsteps-redis-'));
  const child = spawn(
    'redis-server',
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
      ...(options.password === undefined ? [] : ['--requirepass', options.password]),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    await ready(child);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://${options.password === undefined ? '' : `:${encodeURIComponent(options.password)}@`}127.0.0.1:${port}`,
    port,
    stop: async () => {
      await stopped(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`redis-server was not ready within ${READY_TIMEOUT_MS} ms:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    child.once('error', (error) =>
      fail(
        new Error(
          `redis-server could not start (${error.message}): install it with apt-get install -y redis-server`,
        ),
      ),
    );
    const exited = (code: number | null) =>
      fail(new Error(`redis-server exited (${code}) before it was ready:\n${output}`));
    child.once('exit', exited);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.off('exit', exited);
        resolve();
      }
    });
  });
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A port nothing listens on now: the OS picks one, and it is handed to Redis at once. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
