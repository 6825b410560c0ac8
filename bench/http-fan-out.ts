import type { Engine } from '../packages/engine/src/index.js';
import { createEngine } from '../packages/engine/src/index.js';
import { spawnBenchEmulator, startBenchEmulator } from './bench-emulator.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { ky, pMap } from './engine-deps.js';
import { cpuSampleArms, median, round, sampleArms } from './measure.js';
import { type BenchResult, judged } from './result.js';

const ITEMS = 200;
const CONCURRENCY = 16;
const OPTIONS = { warmup: 2, samples: 9 };

type Placement = 'child-process' | 'in-process';

/**
 * B2: a forEach of 200 GETs, 16 at a time, through a step's ctx.http, against the floor: bare
 * fetch calls with the same concurrency (p-map) to the same emulator. Judged with the emulator in
 * a child process, as a real API is elsewhere: its CPU is then charged to neither arm. The same
 * measurement with the emulator in the measured process is reported beside it.
 */
export async function benchHttpFanOut(): Promise<BenchResult> {
  const remote = await measure('child-process');
  const local = await measure('in-process');
  const engineMs = median(remote.engine);
  const floorMs = median(remote.floor);
  const perRequest = (us: number[]) => round(median(us) / ITEMS, 0);
  return judged({
    id: 'B2',
    name: `HTTP fan-out (forEach of ${ITEMS} GETs, concurrency ${CONCURRENCY})`,
    metrics: {
      engineRequestsPerSecond: round((ITEMS * 1000) / engineMs, 0),
      floorRequestsPerSecond: round((ITEMS * 1000) / floorMs, 0),
      engineMsPerRun: round(engineMs),
      floorMsPerRun: round(floorMs),
      ratio: round(engineMs / floorMs, 3),
      engineCpuUsPerRequest: perRequest(remote.engineCpuUs),
      floorCpuUsPerRequest: perRequest(remote.floorCpuUs),
      ratioEmulatorInProcess: round(median(local.engine) / median(local.floor), 3),
      kyAloneRatio: round(median(remote.kyAlone.engine) / median(remote.kyAlone.floor), 3),
    },
    targets: [{ metric: 'ratio', max: 1.2, description: 'engine time / floor time <= 1.2' }],
    method: {
      items: ITEMS,
      concurrency: CONCURRENCY,
      emulator:
        'judged with the emulator in a child process (node --import tsx); ratioEmulatorInProcess repeats the measurement with the emulator in the measured process, where its CPU is added to both arms',
      cpu: 'engineCpuUsPerRequest and floorCpuUsPerRequest: CPU time (user + system) of the measured process, per request',
      rateLimit: 'the bench integration sets none, so the client never holds the fan-out below 16',
      kyAlone:
        'kyAloneRatio: the same fan-out through a bare ky instance (no engine, no hooks, the options the engine uses) against the same fetch floor: what the required HTTP client costs by itself',
      warmupRounds: OPTIONS.warmup,
      samples: OPTIONS.samples,
      statistic: 'median of samples, engine and floor sampled alternately',
      samplesMs: { engine: remote.engine.map((ms) => round(ms)), floor: remote.floor.map((ms) => round(ms)) },
    },
  });
}

async function measure(placement: Placement) {
  const emulator = placement === 'child-process' ? await spawnBenchEmulator() : await startBenchEmulator();
  try {
    const account = benchAccount(emulator.baseUrl);
    const engine = await createEngine({ integrations: [benchIntegration], accounts: [account] });
    const ids = Array.from({ length: ITEMS }, (_, index) => `item-${index}`);
    const authorization = `Bearer ${String(account.credentials.token)}`;
    const engineArm = await fanOutRun(engine, ids);
    const floorArm = async () => {
      const items = await pMap(
        ids,
        async (id) => {
          const response = await fetch(`${emulator.baseUrl}/items/${encodeURIComponent(id)}`, {
            headers: { authorization, accept: 'application/json' },
          });
          if (!response.ok) throw new Error(`B2 floor got ${response.status}`);
          return response.json();
        },
        { concurrency: CONCURRENCY },
      );
      if (items.length !== ITEMS) throw new Error('B2 floor went wrong');
    };
    const kyClient = ky.create({ retry: 0, timeout: false, throwHttpErrors: false, redirect: 'manual' });
    const kyArm = async () => {
      const items = await pMap(
        ids,
        async (id) => {
          const response = await kyClient(`${emulator.baseUrl}/items/${encodeURIComponent(id)}`, {
            headers: { authorization, accept: 'application/json' },
          });
          if (!response.ok) throw new Error(`B2 ky arm got ${response.status}`);
          return response.json();
        },
        { concurrency: CONCURRENCY },
      );
      if (items.length !== ITEMS) throw new Error('B2 ky arm went wrong');
    };
    const measured = await cpuSampleArms({ engine: engineArm, floor: floorArm }, OPTIONS);
    return { ...measured, kyAlone: await sampleArms({ engine: kyArm, floor: floorArm }, OPTIONS) };
  } finally {
    await emulator.close();
  }
}

async function fanOutRun(engine: Engine, ids: string[]): Promise<() => Promise<void>> {
  const workflow = await engine.load({
    text: JSON.stringify({
      id: 'http-fan-out',
      steps: [
        {
          id: 'items',
          forEach: {
            items: '{% $input.ids %}',
            as: 'itemId',
            concurrency: CONCURRENCY,
            steps: [{ id: 'get', step: 'bench.get', args: { id: '{% $itemId %}' } }],
          },
        },
      ],
      output: '{% $count($steps.items.result) %}',
    }),
  });
  return async () => {
    const result = await engine.run(workflow, { ids });
    if (result.status !== 'succeeded' || result.output !== ids.length) {
      throw new Error(`B2 engine run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
    }
  };
}
