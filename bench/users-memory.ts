import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  CHANNEL_IDLE_MS,
  type Clock,
  type ConnectedAccount,
  createEngine,
  MemoryVault,
  TOKENS,
} from '@toolsteps/engine';
import { spawnBenchEmulator } from './bench-emulator.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { round } from './measure.js';
import { type BenchResult, judged } from './result.js';

const USERS = 10_000;
/** Calls in flight at once while every user makes one. */
const CONCURRENCY = 16;
const KB = 1024;

interface Measurement {
  baselineHeapBytes: number;
  activeHeapBytes: number;
  releasedHeapBytes: number;
  channelsActive: number;
  channelsReleased: number;
}

/**
 * B10: memory per end user. 10,000 users each with their own account (same id, own token) make
 * one tool call; the heap (after full GCs) is measured against a baseline taken with the vault
 * already holding every account, once all have called, and again once their channels have been idle
 * for the release period (the engine's clock moved past it). In a fresh process with --expose-gc,
 * the bench API in another.
 */
export async function benchUsersMemory(): Promise<BenchResult> {
  const emulator = await spawnBenchEmulator();
  let measured: Measurement;
  try {
    measured = await measureInChild(emulator.baseUrl);
  } finally {
    await emulator.close();
  }
  const perUser = (bytes: number) => round((bytes - measured.baselineHeapBytes) / USERS / KB, 2);
  return judged({
    id: 'B10',
    name: `accounts of ${USERS.toLocaleString('en')} users`,
    metrics: {
      activeKbPerUser: perUser(measured.activeHeapBytes),
      retainedKbPerUserAfterIdle: perUser(measured.releasedHeapBytes),
      channelsActive: measured.channelsActive,
      channelsAfterIdle: measured.channelsReleased,
    },
    targets: [
      { metric: 'retainedKbPerUserAfterIdle', max: 1, description: 'heap kept per user once idle ≤ 1 KB' },
      { metric: 'channelsAfterIdle', max: 1, description: 'only the account still in use keeps a channel' },
    ],
    method: {
      users: `${USERS} users, one account each (the same id "bench-main", a token of its own), in a MemoryVault`,
      calls: `engine.call('bench_get') once per user, ${CONCURRENCY} at a time`,
      heap: 'process.memoryUsage().heapUsed after two full GCs: baseline (vault filled, engine warmed up), after every user called, after the idle period and one more call',
      idle: `the engine's clock moved ${CHANNEL_IDLE_MS / 60_000} minutes (CHANNEL_IDLE_MS)`,
    },
  });
}

function measureInChild(baseUrl: string): Promise<Measurement> {
  const child = fork(fileURLToPath(import.meta.url), ['--measure', baseUrl], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Measurement));
    child.once('exit', (code) =>
      reject(new Error(`The B10 measurement process exited (code ${code}) without a result`)),
    );
  });
}

/** A clock the bench moves: real time otherwise. */
class MovableClock implements Clock {
  offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}

async function measure(baseUrl: string): Promise<Measurement> {
  const gc = globalThis.gc;
  if (!gc) throw new Error('B10 needs --expose-gc');
  const template = benchAccount(baseUrl);
  const accounts: ConnectedAccount[] = Array.from({ length: USERS }, (_, index) => ({
    ...template,
    user: `user-${index}`,
    credentials: { token: `bench-token-of-user-${index}-0123456789` },
  }));
  const clock = new MovableClock();
  const engine = await createEngine({
    integrations: [benchIntegration],
    vault: new MemoryVault(accounts),
    clock,
  });
  const factory = engine.container.get<{ channels: number }>(TOKENS.HttpClientFactory);
  const call = async (user: string) => {
    const outcome = await engine.call('bench_get', { id: 'a' }, { user });
    if (!outcome.ok) throw new Error(`B10 call failed: ${outcome.error.message}`);
  };
  for (let index = 0; index < 100; index++) await call('user-0');
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const baselineHeapBytes = heap();
  for (let start = 0; start < USERS; start += CONCURRENCY) {
    const batch = accounts.slice(start, start + CONCURRENCY);
    await Promise.all(batch.map((account) => call(account.user as string)));
  }
  const activeHeapBytes = heap();
  const channelsActive = factory.channels;
  clock.offset += CHANNEL_IDLE_MS;
  await call('user-0');
  const releasedHeapBytes = heap();
  return {
    baselineHeapBytes,
    activeHeapBytes,
    releasedHeapBytes,
    channelsActive,
    channelsReleased: factory.channels,
  };
}

if (process.argv[2] === '--measure' && process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measure(process.argv[3] as string);
  process.send?.(result);
  process.disconnect();
}
