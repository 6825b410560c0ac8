import { createEngine } from '@toolsteps/engine';
import { request } from 'undici';
import { spawnBenchEmulator } from './bench-emulator.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { answerWhenForked, measureInFreshProcess } from './fresh-process.js';
import { median, round, sampleArms } from './measure.js';
import { type BenchResult, judged } from './result.js';

/** Calls per sample: one call is tens of µs to a fraction of a ms, below what one timing resolves well. */
const CALLS_PER_SAMPLE = 20;
const OPTIONS = { warmup: 200, samples: 101 };
/** Fresh processes, the median of their medians reported: one process can differ from the next by a tenth. */
const PROCESSES = 3;

interface Plan {
  baseUrl: string;
}

/** What one process measured, medians of its samples, µs per call. */
interface ProcessMedians {
  callGetUs: number;
  bareGetUs: number;
  callPassUs: number;
  directPassUs: number;
}

/**
 * B9: what `engine.call` adds to one tool call. A read that sends one GET to the bench API (in a
 * process of its own) against the floor of a bare `undici.request()` of the same URL, its body read
 * as JSON; and a step that sends nothing, against calling its function directly.
 */
export async function benchToolCalls(): Promise<BenchResult> {
  const emulator = await spawnBenchEmulator();
  const processes: ProcessMedians[] = [];
  try {
    for (let index = 0; index < PROCESSES; index++)
      processes.push(
        await measureInFreshProcess<ProcessMedians>(import.meta.url, { baseUrl: emulator.baseUrl }),
      );
  } finally {
    await emulator.close();
  }
  const of = (pick: (medians: ProcessMedians) => number) => median(processes.map(pick));
  return judged({
    id: 'B9',
    name: 'tool calls (engine.call of one step)',
    metrics: {
      callGetUs: round(
        of((m) => m.callGetUs),
        1,
      ),
      bareGetUs: round(
        of((m) => m.bareGetUs),
        1,
      ),
      getOverheadMs: round(of((m) => m.callGetUs - m.bareGetUs) / 1000, 3),
      callPassUs: round(
        of((m) => m.callPassUs),
        1,
      ),
      directPassUs: round(
        of((m) => m.directPassUs),
        2,
      ),
      passOverheadUs: round(
        of((m) => m.callPassUs - m.directPassUs),
        1,
      ),
    },
    targets: [
      {
        metric: 'getOverheadMs',
        max: 0.3,
        description: 'engine.call of a GET ≤ 0.3 ms over a bare undici.request() GET',
      },
      { metric: 'passOverheadUs', max: 20, description: 'engine.call of a step that sends nothing ≤ 20 µs' },
    ],
    method: {
      get: 'bench.get: one GET /items/:id through the engine (account resolved, args and answer checked, trace, scrubbing), unjournaled',
      floor: 'undici.request() of the same URL on its global keep-alive agent, body read as JSON',
      pass: 'bench.pass, which returns its args: the call path alone; floor: the step function called directly',
      samples: `${OPTIONS.samples} samples of ${CALLS_PER_SAMPLE} sequential calls per arm, arms alternating, after ${OPTIONS.warmup} warm-up rounds`,
      processes: `${PROCESSES} fresh processes; reported: the median of their medians; the bench API in a process of its own`,
    },
  });
}

async function measure({ baseUrl }: Plan): Promise<ProcessMedians> {
  const engine = await createEngine({ integrations: [benchIntegration], accounts: [benchAccount(baseUrl)] });
  const pass = benchIntegration.steps.find((step) => step.id === 'bench.pass');
  if (!pass) throw new Error('bench.pass is missing');
  const repeat = (call: () => Promise<unknown>) => async () => {
    for (let index = 0; index < CALLS_PER_SAMPLE; index++) await call();
  };
  const callGet = async () => {
    const outcome = await engine.call('bench_get', { id: 'a' });
    if (!outcome.ok) throw new Error(`B9 call failed: ${outcome.error.message}`);
  };
  const bareGet = async () => {
    const answer = await request(`${baseUrl}/items/a`);
    await answer.body.json();
  };
  const callPass = async () => {
    const outcome = await engine.call('bench_pass', { ids: ['a'] });
    if (!outcome.ok) throw new Error(`B9 call failed: ${outcome.error.message}`);
  };
  const context = {} as Parameters<typeof pass.run>[1];
  const directPass = () => pass.run({ ids: ['a'] }, context);
  const perCallUs = (samples: number[]) => (median(samples) * 1000) / CALLS_PER_SAMPLE;
  const gets = await sampleArms({ engine: repeat(callGet), floor: repeat(bareGet) }, OPTIONS);
  const passes = await sampleArms({ engine: repeat(callPass), floor: repeat(directPass) }, OPTIONS);
  return {
    callGetUs: perCallUs(gets.engine),
    bareGetUs: perCallUs(gets.floor),
    callPassUs: perCallUs(passes.engine),
    directPassUs: perCallUs(passes.floor),
  };
}

await answerWhenForked(import.meta.url, measure);
