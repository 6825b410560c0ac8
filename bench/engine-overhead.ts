import { DEFAULT_LIMITS } from '../packages/engine/src/expressions/expression.js';
import { createEngine } from '../packages/engine/src/index.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { jsonata } from './engine-deps.js';
import { cpuSampleArms, median, round } from './measure.js';
import { type BenchResult, judged } from './result.js';

const STEPS = 50;
// One run per sample and many samples: their median shrugs off the bursts of other work a
// shared machine has.
const RUNS_PER_SAMPLE = 1;
const OPTIONS = { warmup: 10, samples: 61 };

// Realistic per-step work: filter a list for the call's args, then fold the result into a variable.
const ARGS = '$input.items[value > 50 and status = "open"].id';
const ASSIGN = '$count($result.ids)';

/** 100 items, about a third of them matching the filter. */
function benchInput() {
  return {
    items: Array.from({ length: 100 }, (_, index) => ({
      id: `item-${index}`,
      value: index,
      status: index % 3 === 0 ? 'closed' : 'open',
      labels: ['bench', `group-${index % 5}`],
    })),
  };
}

function workflow() {
  return {
    id: 'engine-overhead',
    steps: Array.from({ length: STEPS }, (_, index) => ({
      id: `s${index + 1}`,
      step: 'bench.pass',
      args: { ids: `{% ${ARGS} %}` },
      assign: { matched: `{% ${ASSIGN} %}` },
    })),
    output: '{% $matched %}',
  };
}

/**
 * B1: one run of 50 no-I/O steps against the floor, the same 100 JSONata evaluations (compiled
 * once, same guardrails, same bindings) in a bare loop. What is left is the engine's own cost.
 */
export async function benchEngineOverhead(): Promise<BenchResult> {
  const input = benchInput();
  const engine = await createEngine({ integrations: [benchIntegration], accounts: [benchAccount()] });
  const compiled = await engine.load({ text: JSON.stringify(workflow()) });
  const expected = input.items.filter((item) => item.value > 50 && item.status === 'open').length;

  const floorPairs = Array.from({ length: STEPS }, () => ({ args: compile(ARGS), assign: compile(ASSIGN) }));
  // The bindings the engine gives an expression: variables, $input, $run, $steps, and $eval disabled.
  const bindings: Record<string, unknown> = {
    matched: expected,
    input,
    run: { id: 'floor', startedAt: new Date().toISOString() },
    steps: {},
    eval: () => {
      throw new Error('$eval is not available');
    },
  };

  const engineArm = async () => {
    for (let run = 0; run < RUNS_PER_SAMPLE; run++) {
      const result = await engine.run(compiled, input);
      if (result.status !== 'succeeded' || result.output !== expected) {
        throw new Error(`B1 engine run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
      }
    }
  };
  const floorArm = async () => {
    for (let run = 0; run < RUNS_PER_SAMPLE; run++) {
      let matched: unknown;
      for (const pair of floorPairs) {
        const ids = await pair.args.evaluate(input, bindings);
        matched = await pair.assign.evaluate(input, { ...bindings, result: { ids } });
      }
      if (matched !== expected) throw new Error(`B1 floor went wrong: ${matched}`);
    }
  };

  const samples = await cpuSampleArms({ engine: engineArm, floor: floorArm }, OPTIONS);
  const engineMs = median(samples.engine) / RUNS_PER_SAMPLE;
  const floorMs = median(samples.floor) / RUNS_PER_SAMPLE;
  return judged({
    id: 'B1',
    name: `engine overhead (${STEPS} sequential no-I/O steps)`,
    metrics: {
      engineRunsPerSecond: round(1000 / engineMs, 1),
      floorRunsPerSecond: round(1000 / floorMs, 1),
      engineMsPerRun: round(engineMs, 3),
      floorMsPerRun: round(floorMs, 3),
      overheadUsPerStep: round(((engineMs - floorMs) * 1000) / STEPS, 1),
      ratio: round(engineMs / floorMs, 3),
      engineCpuMsPerRun: round(median(samples.engineCpuUs) / 1000 / RUNS_PER_SAMPLE, 3),
      floorCpuMsPerRun: round(median(samples.floorCpuUs) / 1000 / RUNS_PER_SAMPLE, 3),
    },
    targets: [{ metric: 'ratio', max: 1.5, description: 'engine time / floor time <= 1.5' }],
    method: {
      steps: STEPS,
      inputItems: input.items.length,
      argsExpression: ARGS,
      assignExpression: ASSIGN,
      runsPerSample: RUNS_PER_SAMPLE,
      warmupRounds: OPTIONS.warmup,
      samples: OPTIONS.samples,
      statistic: 'median of samples, engine and floor sampled alternately',
      cpu: 'engineCpuMsPerRun and floorCpuMsPerRun: CPU time (user + system) of the process per run',
    },
  });
}

function compile(body: string): jsonata.Expression {
  return jsonata(body, {
    timeout: DEFAULT_LIMITS.timeoutMs,
    stack: DEFAULT_LIMITS.maxDepth,
  } as jsonata.JsonataOptions);
}
