import { createEngine } from '../packages/engine/src/index.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { median, round, timeOnce } from './measure.js';
import { type BenchResult, judged } from './result.js';

const STEPS = 1000;
const OPTIONS = { warmup: 10, samples: 61 };
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

/**
 * B6: what the engine spends on a step that does nothing: 1,000 of them in one run, µs per step =
 * run time / 1,000. Every step still gets its trace, scrubbing and journal record.
 */
export async function benchEmptySteps(): Promise<BenchResult> {
  const engine = await createEngine({ integrations: [benchIntegration], accounts: [benchAccount()] });
  const empty = await engine.load({ text: JSON.stringify(emptySteps()) });
  const pass = await engine.load({ text: JSON.stringify(passSteps()) });
  const runEmpty = async () => {
    const result = await engine.run(empty, {});
    if (result.status !== 'succeeded' || result.output !== STEPS || result.steps.length !== STEPS) {
      throw new Error(`B6 run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
    }
  };
  const runPass = async () => {
    const result = await engine.run(pass, {});
    if (result.status !== 'succeeded' || result.output !== 'a') {
      throw new Error(`B6 pass run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
    }
  };
  for (let round = 0; round < OPTIONS.warmup; round++) {
    await runEmpty();
    await runPass();
  }
  const emptyMs: number[] = [];
  const passMs: number[] = [];
  for (let round = 0; round < OPTIONS.samples; round++) {
    emptyMs.push(await timeOnce(runEmpty));
    passMs.push(await timeOnce(runPass));
  }
  return judged({
    id: 'B6',
    name: `empty steps (${STEPS} steps that only assign a literal)`,
    metrics: {
      usPerStep: round((median(emptyMs) * 1000) / STEPS, 2),
      msPerRun: round(median(emptyMs), 3),
      passStepUsPerStep: round((median(passMs) * 1000) / STEPS, 2),
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
      warmupRounds: OPTIONS.warmup,
      samples: OPTIONS.samples,
      statistic: 'median of samples, the two workflows sampled alternately',
    },
  });
}
