import { createEngine } from '@toolsteps/engine';
import { DEFAULT_LIMITS } from '../packages/engine/src/expressions/expression.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { jsonata } from './engine-deps.js';
import { answerWhenForked, measureInFreshProcess } from './fresh-process.js';
import { cpuSampleArms, median, round } from './measure.js';
import { type BenchResult, judged } from './result.js';

/**
 * Both lengths: the short run is the usual workflow, the long one shows whether cost per step grows.
 * A sample is the same work at both, 1,000 steps: 20 runs of 50 or one of 1,000. A sample of one
 * 50-step run (30 ms) mostly fell between two major GCs, so the median of such samples left GC out
 * that every 1,000-step sample pays its share of: the short length looked cheaper per step than it is.
 */
const LENGTHS = [
  { steps: 50, runsPerSample: 20, warmup: 2, samples: 9 },
  { steps: 1000, runsPerSample: 1, warmup: 2, samples: 9 },
] as const;

/**
 * Fresh processes per length, the lengths taking turns (50, 1000, 1000, 50, 50, 1000): one process
 * differs from the next by up to a tenth (heap layout, JIT, what else the machine runs then), so
 * the growth between one process of each length was a coin toss; the median of three pairs is not.
 */
const PAIRS = 3;

type Length = (typeof LENGTHS)[number];

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

/** What one process measured for one length: medians of its samples per run, in ms (CPU in µs). */
interface ProcessMedians {
  engineMs: number;
  floorMs: number;
  engineCpuUs: number;
  floorCpuUs: number;
  guardedEngineMs: number;
  guardedFloorMs: number;
}

/**
 * B1: one run of N no-I/O steps against the floor, the same 2·N evaluations by bare JSONata, as users
 * write it (`jsonata(expression).evaluate(input, bindings)`: compiled once, no options; the bindings
 * of one variable, $input, $run, $steps and $eval disabled) in a plain loop. What is left is the
 * engine's own cost, at 50 and at 1,000 steps, each length measured in fresh processes of its own.
 */
export async function benchEngineOverhead(): Promise<BenchResult> {
  const [short, long] = LENGTHS;
  const measured = new Map<number, ProcessMedians[]>(LENGTHS.map(({ steps }) => [steps, []]));
  for (let pair = 0; pair < PAIRS; pair++) {
    // Every other pair starts with the long length, so a drift of the machine favours neither.
    for (const length of pair % 2 === 0 ? [short, long] : [long, short]) {
      const medians = await measureInFreshProcess<ProcessMedians>(import.meta.url, length);
      measured.get(length.steps)?.push(medians);
    }
  }

  const metrics: Record<string, number> = {};
  const of = (steps: number, pick: (medians: ProcessMedians) => number) =>
    median((measured.get(steps) ?? []).map(pick));
  for (const { steps } of LENGTHS) {
    const engineMs = of(steps, (m) => m.engineMs);
    const floorMs = of(steps, (m) => m.floorMs);
    metrics[`engineMsPerRun${steps}`] = round(engineMs, 3);
    metrics[`floorMsPerRun${steps}`] = round(floorMs, 3);
    metrics[`engineUsPerStep${steps}`] = round((engineMs * 1000) / steps, 1);
    metrics[`floorUsPerStep${steps}`] = round((floorMs * 1000) / steps, 1);
    metrics[`overheadUsPerStep${steps}`] = round(((engineMs - floorMs) * 1000) / steps, 1);
    metrics[`engineCpuMsPerRun${steps}`] = round(of(steps, (m) => m.engineCpuUs) / 1000, 3);
    metrics[`floorCpuMsPerRun${steps}`] = round(of(steps, (m) => m.floorCpuUs) / 1000, 3);
    // Each ratio within one process, where engine and floor took turns; then the median process.
    metrics[`ratio${steps}`] = round(
      of(steps, (m) => m.engineMs / m.floorMs),
      3,
    );
    // Not judged: against JSONata guarded as the engine's interpreter was (timeout and stack options).
    metrics[`ratioGuardedFloor${steps}`] = round(
      of(steps, (m) => m.guardedEngineMs / m.guardedFloorMs),
      3,
    );
  }
  // Growth within each pair of neighbouring processes, then the median pair.
  const growth = (pick: (medians: ProcessMedians) => number) =>
    median(
      Array.from({ length: PAIRS }, (_, pair) => {
        const perStep = ({ steps }: Length) => pick(measured.get(steps)![pair]) / steps;
        return perStep(long) / perStep(short);
      }),
    );
  metrics.perStepGrowth = round(
    growth((m) => m.engineMs),
    3,
  );
  // Not judged: how much the bare JSONata loop itself grows, to read perStepGrowth against, and the
  // engine's growth in CPU time, which time the machine gave other processes does not move.
  metrics.floorPerStepGrowth = round(
    growth((m) => m.floorMs),
    3,
  );
  metrics.perStepGrowthCpu = round(
    growth((m) => m.engineCpuUs),
    3,
  );

  return judged({
    id: 'B1',
    name: `engine overhead (${short.steps} and ${long.steps} sequential no-I/O steps)`,
    metrics,
    targets: [
      {
        metric: `ratio${short.steps}`,
        max: 1.25,
        description: `engine time / JSONata floor <= 1.25 at ${short.steps} steps`,
      },
      {
        metric: `ratio${long.steps}`,
        max: 1.25,
        description: `engine time / JSONata floor <= 1.25 at ${long.steps} steps`,
      },
      {
        metric: 'perStepGrowth',
        max: 1.2,
        description: `linear: µs per step at ${long.steps} steps within 1.2× of µs per step at ${short.steps}`,
      },
    ],
    method: {
      lengths: LENGTHS,
      inputItems: benchInput().items.length,
      argsExpression: ARGS,
      assignExpression: `${ASSIGN} into a variable of each step's own (matched1 … matchedN)`,
      floor: `bare JSONata, as users write it: jsonata(expression).evaluate(input, bindings) with no options, 2·N evaluations per run in a plain loop, bindings {matched, input, run, steps, eval} (+ result for the assign). Until issue 25 the floor was JSONata with the options timeout and stack: that is the guarded floor now`,
      floorCompiles:
        'each distinct expression text compiled once and shared by every step, as the engine compiles a workflow (its compile cache). Earlier the floor compiled each step’s own pair, 4,000 compiled trees at 1,000 steps that the engine never builds: the floor alone then cost 1.3–1.45× per step at 1,000 (GC over their heap, cache misses) and slowed the engine sampled beside it',
      guardedFloor:
        'ratioGuardedFloor (not judged): the engine against the same loop over JSONata given the options timeout and stack (1,000 ms, depth 300), the guard an interpreted expression needs; sampled after the bare floor was dropped, half as many samples. Until issue 25 it was the loop over expressions as compileExpression built them (RE2 regexes, sequence cap, bounded built-ins)',
      processes: `${PAIRS} fresh child processes per length, the lengths taking turns (${short.steps}, ${long.steps}, ${long.steps}, ${short.steps}, ${short.steps}, ${long.steps}); inside each, engine and floor built and sampled alternately, so every ratio is taken within one process. In one shared process the 1,000-step arms ran on the heap the 50-step ones had left (their compiled floor expressions, the journal of their runs), and even the bare floor cost 14–31 % more per step at 1,000; one process per length still left the growth to the luck of two processes`,
      statistic:
        'per process: median of its samples (each 1,000 steps of work: 20 runs of 50 or one of 1,000), per run. Times and ratios: median over the processes of a length. perStepGrowth, floorPerStepGrowth and perStepGrowthCpu: median over pairs of neighbouring processes of (µs per step at the long length ÷ at the short)',
      cpu: 'engineCpuMsPerRun and floorCpuMsPerRun: CPU time (user + system) of the process per run',
      floorPerStepGrowth:
        'not judged: the same growth for the bare floor, what JSONata alone does at the long length',
      perStepGrowthCpu:
        'not judged: perStepGrowth from the CPU time of the engine runs instead of their wall time',
      processMedians: Object.fromEntries(
        [...measured].map(([steps, all]) => [
          steps,
          all.map((m) => ({ engineMs: round(m.engineMs, 2), floorMs: round(m.floorMs, 2) })),
        ]),
      ),
    },
  });
}

/** In a fresh process: one length, the engine against the bare floor, then against the guarded floor. */
async function measureLength({ steps, runsPerSample, warmup, samples }: Length): Promise<ProcessMedians> {
  const input = benchInput();
  const engine = await createEngine({ integrations: [benchIntegration], accounts: [benchAccount()] });
  const expected = input.items.filter((item) => item.value > 50 && item.status === 'open').length;
  const compiled = await engine.load({ text: JSON.stringify(workflow(steps)) });
  const engineRun = async () => {
    const result = await engine.run(compiled, input);
    if (result.status !== 'succeeded' || result.output !== expected) {
      throw new Error(`B1 engine run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
    }
  };
  const runs = (run: () => Promise<void>) => async () => {
    for (let index = 0; index < runsPerSample; index++) await run();
  };
  const engineArm = runs(engineRun);
  // Each floor is built just before its turn and dropped after: the 2·N expressions of one floor
  // at a time weigh on the heap the engine runs in, not both.
  const bare = await cpuSampleArms(
    { engine: engineArm, floor: runs(floorLoop(steps, input, expected, bareJsonata)) },
    { warmup, samples },
  );
  // The same loop over JSONata with a timeout and a depth limit: what an interpreted expression
  // costs once guarded against runaways, apart from the engine.
  const guarded = await cpuSampleArms(
    { engine: engineArm, floor: runs(floorLoop(steps, input, expected, guardedJsonata)) },
    { warmup: 1, samples: Math.ceil(samples / 2) },
  );
  const perRun = (values: number[]) => median(values) / runsPerSample;
  return {
    engineMs: perRun(bare.engine),
    floorMs: perRun(bare.floor),
    engineCpuUs: perRun(bare.engineCpuUs),
    floorCpuUs: perRun(bare.floorCpuUs),
    guardedEngineMs: perRun(guarded.engine),
    guardedFloorMs: perRun(guarded.floor),
  };
}

/** JSONata as users write it: no options. */
function bareJsonata(body: string): Expression {
  return jsonata(body);
}

/** JSONata stopped past the engine's default timeout and depth, as the interpreter needs to be. */
function guardedJsonata(body: string): Expression {
  return jsonata(body, {
    timeout: DEFAULT_LIMITS.timeoutMs,
    stack: DEFAULT_LIMITS.maxDepth,
  } as jsonata.JsonataOptions);
}

/**
 * The floor: each step's two evaluations, over expressions compiled as the engine compiles a workflow:
 * once per distinct text, shared by every step that repeats it (the engine's compile cache). One
 * compile per step would hold 2·N compiled trees the engine never builds, and make the floor at
 * 1,000 steps slower per step by itself (their heap for GC, their nodes for the CPU's caches).
 */
function floorLoop(
  steps: number,
  input: ReturnType<typeof benchInput>,
  expected: number,
  compile: (body: string) => Expression,
) {
  const compiled = new Map<string, Expression>();
  const once = (body: string) => {
    const expression = compiled.get(body) ?? compile(body);
    compiled.set(body, expression);
    return expression;
  };
  const pairs = Array.from({ length: steps }, () => ({ args: once(ARGS), assign: once(ASSIGN) }));
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

await answerWhenForked(import.meta.url, measureLength);
