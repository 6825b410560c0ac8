import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createEmulator, type Emulator } from '../packages/engine/src/testing/index.js';

export interface EmulatorOptions {
  /** Every answer waits this long first (the emulator's delay fault), to hold requests in flight. */
  delayMs?: number;
}

/** The bench API: `GET /items/:id` answers a small JSON item. */
export async function startBenchEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await createEmulator({
    routes: (app) => {
      app.get('/items/:id', (c) => c.json({ id: c.req.param('id'), name: `Item ${c.req.param('id')}`, value: 42 }));
    },
  });
  if (options.delayMs) emulator.faults.inject({ path: '/items/*', delayMs: options.delayMs, times: Infinity });
  return emulator;
}

/** The bench API in a child process, so its memory and CPU are not the measured process's. */
export interface RemoteEmulator {
  baseUrl: string;
  /** The most requests the emulator held at once, since it started. */
  peakInFlight(): Promise<number>;
  close(): Promise<void>;
}

type Reply = { type: 'ready'; baseUrl: string } | { type: 'peak'; peakInFlight: number };

export async function spawnBenchEmulator(options: EmulatorOptions = {}): Promise<RemoteEmulator> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends Reply['type']>(type: T) =>
    new Promise<Extract<Reply, { type: T }>>((resolve, reject) => {
      const onMessage = (message: Reply) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<Reply, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`The bench emulator exited early (code ${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { baseUrl } = await next('ready');
  return {
    baseUrl,
    peakInFlight: async () => {
      const reply = next('peak');
      child.send('peak');
      return (await reply).peakInFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

async function serve(options: EmulatorOptions): Promise<void> {
  const emulator = await startBenchEmulator(options);
  process.on('message', async (message) => {
    if (message === 'peak') process.send?.({ type: 'peak', peakInFlight: emulator.peakInFlight } satisfies Reply);
    if (message === 'close') {
      await emulator.close();
      process.disconnect();
    }
  });
  process.send?.({ type: 'ready', baseUrl: emulator.baseUrl } satisfies Reply);
}

if (process.argv[2] === '--serve') await serve(JSON.parse(process.argv[3] ?? '{}') as EmulatorOptions);
