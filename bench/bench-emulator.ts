import { createEmulator, type Emulator } from '../packages/emulator/src/index.js';
import { forkSelf } from './forked-self.js';

export interface EmulatorOptions {
  /** Every answer waits this long first (the emulator's delay fault), to hold requests in flight. */
  delayMs?: number;
}

/** The bench API: `GET /items/:id` answers a small JSON item. */
export async function startBenchEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await createEmulator({
    routes: (app) => {
      app.get('/items/:id', (c) =>
        c.json({ id: c.req.param('id'), name: `Item ${c.req.param('id')}`, value: 42 }),
      );
    },
  });
  slowDown(emulator, options);
  return emulator;
}

function slowDown(emulator: Emulator, options: EmulatorOptions): void {
  if (options.delayMs)
    emulator.faults.inject({ path: '/items/*', delayMs: options.delayMs, times: Infinity });
}

/** The bench API in a child process, so its memory and CPU are not the measured process's. */
export interface RemoteEmulator {
  baseUrl: string;
  /** The most requests the emulator held at once, since it started or was last reset. */
  peakInFlight(): Promise<number>;
  /** When each logged request arrived (epoch ms), in arrival order. */
  arrivals(): Promise<number[]>;
  /** Restarts the in-flight peak and empties the request log. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

type Reply =
  | { type: 'ready'; baseUrl: string }
  | { type: 'peak'; peakInFlight: number }
  | { type: 'arrivals'; receivedAt: number[] }
  | { type: 'reset' };

export async function spawnBenchEmulator(options: EmulatorOptions = {}): Promise<RemoteEmulator> {
  const { child, ask } = forkSelf<Reply>(import.meta.url, options, 'The bench emulator');
  const { baseUrl } = await ask('ready');
  return {
    baseUrl,
    peakInFlight: async () => (await ask('peak', 'peak')).peakInFlight,
    arrivals: async () => (await ask('arrivals', 'arrivals')).receivedAt,
    reset: async () => {
      await ask('reset', 'reset');
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
  // Whatever happens to the bench (a crash, Ctrl-C), the emulator never outlives it.
  process.once('disconnect', () => process.exit(0));
  process.on('message', async (message) => {
    if (message === 'peak')
      process.send?.({ type: 'peak', peakInFlight: emulator.peakInFlight } satisfies Reply);
    if (message === 'arrivals') {
      const receivedAt = emulator.requests.map((request) => request.receivedAt);
      process.send?.({ type: 'arrivals', receivedAt } satisfies Reply);
    }
    if (message === 'reset') {
      // reset() clears the faults too: put the delay back.
      emulator.reset();
      slowDown(emulator, options);
      process.send?.({ type: 'reset' } satisfies Reply);
    }
    if (message === 'close') {
      await emulator.close();
      process.exit(0);
    }
  });
  process.send?.({ type: 'ready', baseUrl: emulator.baseUrl } satisfies Reply);
}

if (process.argv[2] === '--serve') await serve(JSON.parse(process.argv[3] ?? '{}') as EmulatorOptions);
