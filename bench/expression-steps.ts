import { createEngine } from '@toolsteps/engine';
import { jsonata } from './engine-deps.js';
import { stepExpression, W1_EXPRESSIONS, workItems } from './expression-workload.js';
import { answerWhenForked, measureInFreshProcess } from './fresh-process.js';
import { median, round, sampleEachArm } from './measure.js';
import { type BenchResult, judged } from './result.js';

/** As B1: each sample is 1,000 steps of work at both lengths (20 runs of 50, or one of 1,000). */
const LENGTHS = [
  { steps: 50, runsPerSample: 20, warmup: 2, samples: 7 },
  { steps: 1000, runsPerSample: 1, warmup: 2, samples: 7 },
] as const;
const ITEMS = 100;
/** The W1 target: Toolsteps at most 0.3× bare JSONata evaluating the same expressions. */
const TARGET_RATIO = 0.3;

type Length = (typeof LENGTHS)[number];

/** Step i assigns the i-th W1 expression to a variable of its own; the output is the last one. */
function workflow(steps: number) {
  return {
    id: `expression-steps-${steps}`,
    steps: Array.from({ length: steps }, (_, index) => ({
      id: `s${index + 1}`,
      assign: { [`r${index + 1}`]: `{% ${stepExpression(index).jsonata} %}` },
    })),
    output: `{% $r${steps} %}`,
  };
}

/** One process's medians per run, in ms. */
interface ProcessMedians {
  engineMs: number;
  jsonataMs: number;
  jsMs: number;
}

/**
 * B11: the W1, workflows whose every step computes one JSONata expression over 100 items (a
 * sum over a filtered product, a `$map` with a lambda, a filter joined into text, a count), against
 * bare JSONata evaluating the same expressions in a loop, and the same work in plain JavaScript.
 */
export async function benchExpressionSteps(): Promise<BenchResult> {
  const measured = new Map<number, ProcessMedians>();
  for (const length of LENGTHS) {
    measured.set(length.steps, await measureInFreshProcess<ProcessMedians>(import.meta.url, length));
  }
  const metrics: Record<string, number> = {};
  for (const { steps } of LENGTHS) {
    const { engineMs, jsonataMs, jsMs } = measured.get(steps)!;
    metrics[`engineUsPerStep${steps}`] = round((engineMs * 1000) / steps, 1);
    metrics[`jsonataUsPerStep${steps}`] = round((jsonataMs * 1000) / steps, 1);
    metrics[`jsUsPerStep${steps}`] = round((jsMs * 1000) / steps, 2);
    metrics[`ratio${steps}`] = round(engineMs / jsonataMs, 3);
  }
  const [short, long] = LENGTHS;
  // Not judged: what a step costs at the long length against the short (B1 judges growth).
  metrics.perStepGrowth = round(
    measured.get(long.steps)!.engineMs / long.steps / (measured.get(short.steps)!.engineMs / short.steps),
    3,
  );
  return judged({
    id: 'B11',
    name: `expression steps (W1: ${short.steps} and ${long.steps} steps, one JSONata expression each over ${ITEMS} items)`,
    metrics,
    targets: LENGTHS.map(({ steps }) => ({
      metric: `ratio${steps}`,
      max: TARGET_RATIO,
      description: `engine time / bare JSONata <= ${TARGET_RATIO} at ${steps} steps`,
    })),
    method: {
      lengths: LENGTHS,
      inputItems: ITEMS,
      expressions: W1_EXPRESSIONS.map((expression) => expression.jsonata),
      steps:
        'step i: { "id": "si", "assign": { "ri": "{% <expression i mod 4> %}" } }, no catalog step: the engine evaluates one expression per step, its trace and journal record included; the output is the last variable',
      floor:
        'bare JSONata, as users write it: each of the four expressions compiled once with jsonata(text), no options, then evaluate(input, { input }) for every step in a plain loop',
      js: 'jsUsPerStep (not judged): the same four computations written in JavaScript (filter, map, reduce, join), each step in a plain loop',
      processes:
        'one fresh child process per length; inside it the engine, the JSONata floor and the JavaScript loop take turns each round',
      statistic:
        'per length: median of the samples (each 1,000 steps of work), per run; ratio = engine ÷ floor within the process. perStepGrowth (not judged): µs per step at 1,000 ÷ at 50',
    },
  });
}

/** In a fresh process: one length, the engine, bare JSONata and JavaScript sampled in turn. */
async function measureLength({ steps, runsPerSample, warmup, samples }: Length): Promise<ProcessMedians> {
  const input = { items: workItems(ITEMS) };
  const expected = JSON.stringify(stepExpression(steps - 1).js(input.items));
  const checked = (arm: string, output: unknown) => {
    if (JSON.stringify(output) !== expected) {
      throw new Error(`B11 ${arm} went wrong at ${steps} steps: ${JSON.stringify(output)}`);
    }
  };
  const engine = await createEngine();
  const compiled = await engine.load({ text: JSON.stringify(workflow(steps)) });
  const engineRun = async () => {
    const result = await engine.run(compiled, input);
    if (result.status !== 'succeeded')
      throw new Error(`B11 engine run failed: ${JSON.stringify(result.error)}`);
    checked('engine', result.output);
  };
  const expressions = W1_EXPRESSIONS.map((expression) => jsonata(expression.jsonata));
  const bindings = { input };
  const jsonataRun = async () => {
    let last: unknown;
    for (let index = 0; index < steps; index++) {
      last = await expressions[index % expressions.length].evaluate(input, bindings);
    }
    checked('JSONata floor', last);
  };
  const jsRun = async () => {
    let last: unknown;
    for (let index = 0; index < steps; index++) last = stepExpression(index).js(input.items);
    checked('JavaScript loop', last);
  };
  const runs = (run: () => Promise<void>) => async () => {
    for (let index = 0; index < runsPerSample; index++) await run();
  };
  const sampled = await sampleEachArm(
    { engine: runs(engineRun), jsonata: runs(jsonataRun), js: runs(jsRun) },
    { warmup, samples },
  );
  const perRun = (values: number[]) => median(values) / runsPerSample;
  return { engineMs: perRun(sampled.engine), jsonataMs: perRun(sampled.jsonata), jsMs: perRun(sampled.js) };
}

await answerWhenForked(import.meta.url, measureLength);
