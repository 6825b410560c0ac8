import { createEngine } from '../packages/engine/src/index.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { spawnBenchEmulator } from './bench-emulator.js';
import { pMap } from './engine-deps.js';
import { median, round, sampleArms } from './measure.js';
import { type BenchResult, judged } from './result.js';

const ITEMS = 200;
const CONCURRENCY = 16;
const OPTIONS = { warmup: 2, samples: 9 };

/**
 * B2: a forEach of 200 GETs, 16 at a time, through a step's ctx.http, against the floor: bare
 * fetch calls with the same concurrency (p-map) to the same emulator. The emulator runs in a child
 * process, as a real API would be elsewhere: its CPU is then not charged to either arm.
 */
export async function benchHttpFanOut(): Promise<BenchResult> {
  const emulator = await spawnBenchEmulator();
  try {
    const account = benchAccount(emulator.baseUrl);
    const engine = await createEngine({ integrations: [benchIntegration], accounts: [account] });
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
    const ids = Array.from({ length: ITEMS }, (_, index) => `item-${index}`);
    const authorization = `Bearer ${String(account.credentials.token)}`;

    const engineArm = async () => {
      const result = await engine.run(workflow, { ids });
      if (result.status !== 'succeeded' || result.output !== ITEMS) {
        throw new Error(`B2 engine run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
      }
    };
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

    const samples = await sampleArms({ engine: engineArm, floor: floorArm }, OPTIONS);
    const engineMs = median(samples.engine);
    const floorMs = median(samples.floor);
    return judged({
      id: 'B2',
      name: `HTTP fan-out (forEach of ${ITEMS} GETs, concurrency ${CONCURRENCY})`,
      metrics: {
        engineRequestsPerSecond: round((ITEMS * 1000) / engineMs, 0),
        floorRequestsPerSecond: round((ITEMS * 1000) / floorMs, 0),
        engineMsPerRun: round(engineMs),
        floorMsPerRun: round(floorMs),
        ratio: round(engineMs / floorMs, 3),
      },
      target: { metric: 'ratio', max: 1.2, description: 'engine time / floor time <= 1.2' },
      method: {
        items: ITEMS,
        concurrency: CONCURRENCY,
        emulator: 'child process (node --import tsx), so its CPU and memory are not the measured process’s',
        warmupRounds: OPTIONS.warmup,
        samples: OPTIONS.samples,
        statistic: 'median of samples, engine and floor sampled alternately',
        samplesMs: { engine: samples.engine.map((ms) => round(ms)), floor: samples.floor.map((ms) => round(ms)) },
      },
    });
  } finally {
    await emulator.close();
  }
}
