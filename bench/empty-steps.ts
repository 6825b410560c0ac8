import { createEngine } from '@toolsteps/engine';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { answerWhenForked, measureInFreshProcess } from './fresh-process.js';
import { median, round, timeOnce } from './measure.js';
import { type BenchResult, judged } from './result.js';

const STEPS = 1000;
/**
 * A run of empty steps takes well under a millisecond: several runs make one sample, so one timer
 * tick, one scavenge or one slice of another process falls on a fraction of a sample. Warm-up is
 * long enough for the run loop to be optimized before the first sample.
 */
const OPTIONS = { warmup: 50, samples: 61, emptyRunsPerSample: 5 };
/** Fresh processes, the median of their medians reported: one process can differ from the next by a tenth. */
const PROCESSES = 3;
/** n8n 1.x on the same kind of machine, per NoOp node (issue 9), and Toolsteps before issue 9. */
const N8N_US_PER_STEP = 556;
const BEFORE_US_PER_STEP = 7.0;

/** An empty step does no work of its own: it only assigns a literal (no expression, no catalog step). */
function emptySteps() {
  return {
    id: 'empty-steps',
    steps: Array.from({ length: STEPS }, (_, index) => ({
      id: `e${index + 1}`,
      assign: { last: index + 1 },
    })),
    output: '{% $last %}',
  };
}

/** The next emptiest: a catalog step with literal args that returns them, so the tool-step path shows. */
function passSteps() {
  return {
    id: 'pass-steps',
    steps: Array.from({ length: STEPS }, (_, index) => ({
      id: `p${index + 1}`,
      step: 'bench.pass',
      args: { ids: ['a'] },
    })),
    output: '{% $steps.p1000.result.ids[0] %}',
  };
}

/** What one process measured: every sample, in µs per step. */
interface ProcessSamples {
  emptyUsPerStep: number[];
  passUsPerStep: number[];
  emptyCpuUsPerStep: number[];
}

/**
 * B6: what the engine spends on a step that does nothing: 1,000 of them in one run, µs per step =
 * run time / 1,000. Every step still gets its trace, scrubbing and journal record.
 */
export async function benchEmptySteps(): Promise<BenchResult> {
  const processes: ProcessSamples[] = [];
  for (let index = 0; index < PROCESSES; index++) {
    processes.push(await measureInFreshProcess<ProcessSamples>(import.meta.url, OPTIONS));
  }
  const each = (pick: (samples: ProcessSamples) => number[]) =>
    processes.map((samples) => median(pick(samples)));
  const usPerStep = median(each((samples) => samples.emptyUsPerStep));
  const quartiles = processes.map(({ emptyUsPerStep }) => {
    const sorted = [...emptyUsPerStep].sort((a, b) => a - b);
    const at = (share: number) => round(sorted[Math.floor(share * (sorted.length - 1))], 2);
    return [at(0.25), at(0.5), at(0.75)];
  });
  return judged({
    id: 'B6',
    name: `empty steps (${STEPS} steps that only assign a literal)`,
    metrics: {
      usPerStep: round(usPerStep, 2),
      msPerRun: round((usPerStep * STEPS) / 1000, 3),
      cpuUsPerStep: round(median(each((samples) => samples.emptyCpuUsPerStep)), 2),
      passStepUsPerStep: round(median(each((samples) => samples.passUsPerStep)), 2),
      n8nUsPerStep: N8N_US_PER_STEP,
      beforeUsPerStep: BEFORE_US_PER_STEP,
    },
    targets: [{ metric: 'usPerStep', max: 3, description: 'µs per empty step <= 3 (on Node 20)' }],
    method: {
      steps: STEPS,
      emptyStep:
        '{ "id": "eN", "assign": { "last": N } }: no catalog step, no expression; trace, scrubbing and journal record as for any step',
      passStep:
        'passStepUsPerStep (not judged): bench.pass with literal args instead, through the tool-step path (args schema, account, timeout, output schema)',
      peer: `n8n: ${N8N_US_PER_STEP} µs per NoOp node; Toolsteps before issue 9: ${BEFORE_US_PER_STEP} µs per step`,
      processes: `${PROCESSES} fresh child processes, one after another: no heap or JIT state of an earlier bench`,
      warmupRounds: OPTIONS.warmup,
      samples: OPTIONS.samples,
      emptyRunsPerSample: OPTIONS.emptyRunsPerSample,
      statistic:
        'per process: median of samples, the two workflows sampled alternately (an empty sample times several runs, a pass sample one); reported: the median of the process medians',
      cpu: 'cpuUsPerStep (not judged): CPU time (user + system) of the process per empty step, what other processes on the machine do not move',
      usPerStepQuartilesPerProcess: quartiles,
    },
  });
}

/** In a fresh process: the two workflows, warmed up, then sampled in turn. */
async function measure(options: typeof OPTIONS): Promise<ProcessSamples> {
  const engine = await createEngine({ integrations: [benchIntegration], accounts: [benchAccount()] });
  const empty = await engine.load({ text: JSON.stringify(emptySteps()) });
  const pass = await engine.load({ text: JSON.stringify(passSteps()) });
  const runEmpty = async () => {
    const result = await engine.run(empty, {});
    if (result.status !== 'succeeded' || result.output !== STEPS || result.steps.length !== STEPS) {
      throw new Error(`B6 run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
    }
  };
  const runEmpties = async () => {
    for (let run = 0; run < options.emptyRunsPerSample; run++) await runEmpty();
  };
  const runPass = async () => {
    const result = await engine.run(pass, {});
    if (result.status !== 'succeeded' || result.output !== 'a') {
      throw new Error(`B6 pass run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
    }
  };
  for (let round = 0; round < options.warmup; round++) {
    await runEmpty();
    await runPass();
  }
  const samples: ProcessSamples = { emptyUsPerStep: [], passUsPerStep: [], emptyCpuUsPerStep: [] };
  const stepsPerSample = STEPS * options.emptyRunsPerSample;
  for (let round = 0; round < options.samples; round++) {
    const cpu = process.cpuUsage();
    const emptyMs = await timeOnce(runEmpties);
    const used = process.cpuUsage(cpu);
    samples.emptyUsPerStep.push((emptyMs * 1000) / stepsPerSample);
    samples.emptyCpuUsPerStep.push((used.user + used.system) / stepsPerSample);
    samples.passUsPerStep.push(((await timeOnce(runPass)) * 1000) / STEPS);
  }
  return samples;
}

await answerWhenForked(import.meta.url, measure);
