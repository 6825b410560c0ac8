import { compileExpression, DEFAULT_LIMITS } from '../packages/engine/src/expressions/expression.js';
import { createEngine } from '../packages/engine/src/index.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { jsonata } from './engine-deps.js';
import { cpuSampleArms, median, round } from './measure.js';
import { type BenchResult, judged } from './result.js';

/** Both lengths: the short run is the usual workflow, the long one shows whether cost per step grows. */
const LENGTHS = [
  // Many samples of one run each: their median shrugs off the bursts of other work a shared machine has.
  { steps: 50, warmup: 10, samples: 61 },
  { steps: 1000, warmup: 2, samples: 11 },
] as const;

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

/** Each step assigns a variable of its own, so a run of N steps ends with N variables in scope. */
function workflow(steps: number) {
  return {
    id: `engine-overhead-${steps}`,
    steps: Array.from({ length: steps }, (_, index) => ({
      id: `s${index + 1}`,
      step: 'bench.pass',
      args: { ids: `{% ${ARGS} %}` },
      assign: { [`matched${index + 1}`]: `{% ${ASSIGN} %}` },
    })),
    output: `{% $matched${steps} %}`,
  };
}

type Expression = { evaluate(input: unknown, bindings?: Record<string, unknown>): Promise<unknown> };

/**
 * B1: one run of N no-I/O steps against the floor, the same 2·N JSONata evaluations (compiled once,
 * the same timeout and depth guard, the bindings of one variable, $input, $run, $steps and $eval
 * disabled) in a bare loop. What is left is the engine's own cost, at 50 and at 1,000 steps.
 */
export async function benchEngineOverhead(): Promise<BenchResult> {
  const input = benchInput();
  const engine = await createEngine({ integrations: [benchIntegration], accounts: [benchAccount()] });
  const expected = input.items.filter((item) => item.value > 50 && item.status === 'open').length;
  const metrics: Record<string, number> = {};
  const floors: Record<string, string> = {};

  for (const { steps, warmup, samples: count } of LENGTHS) {
    const compiled = await engine.load({ text: JSON.stringify(workflow(steps)) });
    const floorArm = floorLoop(steps, input, expected, pureJsonata);
    // The same loop over the expressions as the engine compiles them (RE2, sequence cap, bounded
    // built-ins): what JSONata costs with the engine's guardrails, apart from the engine.
    const guardedArm = floorLoop(steps, input, expected, guardedJsonata);
    const engineArm = async () => {
      const result = await engine.run(compiled, input);
      if (result.status !== 'succeeded' || result.output !== expected) {
        throw new Error(`B1 engine run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
      }
    };
    const samples = await cpuSampleArms({ engine: engineArm, floor: floorArm }, { warmup, samples: count });
    const guarded = await cpuSampleArms(
      { engine: engineArm, floor: guardedArm },
      { warmup: 1, samples: Math.ceil(count / 2) },
    );
    const engineMs = median(samples.engine);
    const floorMs = median(samples.floor);
    metrics[`engineMsPerRun${steps}`] = round(engineMs, 3);
    metrics[`floorMsPerRun${steps}`] = round(floorMs, 3);
    metrics[`engineUsPerStep${steps}`] = round((engineMs * 1000) / steps, 1);
    metrics[`overheadUsPerStep${steps}`] = round(((engineMs - floorMs) * 1000) / steps, 1);
    metrics[`engineCpuMsPerRun${steps}`] = round(median(samples.engineCpuUs) / 1000, 3);
    metrics[`floorCpuMsPerRun${steps}`] = round(median(samples.floorCpuUs) / 1000, 3);
    metrics[`ratio${steps}`] = round(engineMs / floorMs, 3);
    metrics[`ratioGuardedFloor${steps}`] = round(median(guarded.engine) / median(guarded.floor), 3);
    floors[`floor${steps}`] = `${2 * steps} evaluations`;
  }
  const [short, long] = LENGTHS.map(({ steps }) => steps);
  metrics.perStepGrowth = round(metrics[`engineUsPerStep${long}`] / metrics[`engineUsPerStep${short}`], 3);

  return judged({
    id: 'B1',
    name: `engine overhead (${short} and ${long} sequential no-I/O steps)`,
    metrics,
    targets: [
      {
        metric: `ratio${short}`,
        max: 1.25,
        description: `engine time / JSONata floor <= 1.25 at ${short} steps`,
      },
      {
        metric: `ratio${long}`,
        max: 1.25,
        description: `engine time / JSONata floor <= 1.25 at ${long} steps`,
      },
      {
        metric: 'perStepGrowth',
        max: 1.2,
        description: `linear: µs per step at ${long} steps within 1.2× of µs per step at ${short}`,
      },
    ],
    method: {
      lengths: LENGTHS,
      inputItems: input.items.length,
      argsExpression: ARGS,
      assignExpression: `${ASSIGN} into a variable of each step's own (matched1 … matchedN)`,
      floor: `pure JSONata (options timeout and stack only), ${Object.values(floors).join(' / ')} per run in a plain loop, bindings {matched, input, run, steps, eval} (+ result for the assign)`,
      guardedFloor:
        'ratioGuardedFloor: the same loop over expressions compiled as the engine compiles them (RE2 regexes, sequence cap, bounded built-ins); judged against the pure floor',
      runsPerSample: 1,
      statistic: 'median of samples, engine and floor sampled alternately',
      cpu: 'engineCpuMsPerRun and floorCpuMsPerRun: CPU time (user + system) of the process per run',
    },
  });
}

function pureJsonata(body: string): Expression {
  return jsonata(body, {
    timeout: DEFAULT_LIMITS.timeoutMs,
    stack: DEFAULT_LIMITS.maxDepth,
  } as jsonata.JsonataOptions);
}

/** The expression the engine runs, taking the same bindings object as the pure floor. */
function guardedJsonata(body: string): Expression {
  const compiled = compileExpression(`{% ${body} %}`);
  return { evaluate: (input, bindings) => compiled.evaluate({ ...bindings, input }) };
}

/** The floor: each step's two evaluations, compiled once per step as the engine compiles them. */
function floorLoop(
  steps: number,
  input: ReturnType<typeof benchInput>,
  expected: number,
  compile: (body: string) => Expression,
) {
  const pairs = Array.from({ length: steps }, () => ({ args: compile(ARGS), assign: compile(ASSIGN) }));
  const bindings: Record<string, unknown> = {
    matched: expected,
    input,
    run: { id: 'floor', startedAt: new Date().toISOString() },
    steps: {},
    eval: () => {
      throw new Error('$eval is not available');
    },
  };
  return async () => {
    let matched: unknown;
    for (const pair of pairs) {
      const ids = await pair.args.evaluate(input, bindings);
      matched = await pair.assign.evaluate(input, { ...bindings, result: { ids } });
    }
    if (matched !== expected) throw new Error(`B1 floor went wrong: ${matched}`);
  };
}
