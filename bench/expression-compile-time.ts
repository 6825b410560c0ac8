import { createEngine } from '@toolsteps/engine';
import { stepExpression } from './expression-workload.js';
import { answerWhenForked, measureInFreshProcess } from './fresh-process.js';
import { median, round, timeOnce } from './measure.js';
import { type BenchResult, judged } from './result.js';

const LENGTHS = [
  { expressions: 1000, warmup: 2, samples: 9 },
  { expressions: 10_000, warmup: 1, samples: 5 },
] as const;
/**
 * Validating 10,000 expressions before the compiler of issue 25 was wired (each parsed by JSONata,
 * no closures built), on the 2-core box of bench/results.json at load 3: 2,525–2,630 ms of CPU in
 * three runs (2.1–2.8 s of wall time), 2,600 their median. The ceiling is that plus a quarter, the
 * spread of this machine from run to run: compiling must not make validation measurably slower.
 */
const BEFORE_COMPILER_CPU_MS = 2600;
const CEILING_CPU_MS = 3250;

type Length = (typeof LENGTHS)[number];

/**
 * N expressions: N − 1 assign-only steps, each with an expression of its own (a W1 expression in a
 * block that binds the step's number, so no two texts are the same and the workflow's compile cache
 * shares none), and the output. 10,000 is the most a workflow may hold by default (`maxExpressions`).
 */
function workflow(expressions: number) {
  const steps = expressions - 1;
  return {
    id: `compile-${expressions}`,
    steps: Array.from({ length: steps }, (_, index) => ({
      id: `s${index + 1}`,
      assign: { [`r${index + 1}`]: `{% ($step := ${index + 1}; ${stepExpression(index).jsonata}) %}` },
    })),
    output: `{% $r${steps} %}`,
  };
}

/**
 * B11compile: what validating (parsing, checking and compiling) a workflow of 1,000 and of 10,000
 * expressions takes: compiling expressions to closures must keep it linear and within what it took
 * before they were compiled. Judged on CPU time, which other processes on a shared machine move less
 * than wall time (wall time is reported beside it).
 */
export async function benchExpressionCompileTime(): Promise<BenchResult> {
  const medians: LengthMedians = {};
  for (const length of LENGTHS) {
    Object.assign(medians, await measureInFreshProcess<LengthMedians>(import.meta.url, [length]));
  }
  const [short, long] = LENGTHS;
  const usPerExpression = ({ expressions }: Length) => (medians[expressions].cpuMs * 1000) / expressions;
  return judged({
    id: 'B11compile',
    name: `compile time (a workflow of ${long.expressions.toLocaleString('en')} expressions validated)`,
    metrics: {
      [`validateCpuMs${short.expressions}`]: round(medians[short.expressions].cpuMs, 1),
      [`validateCpuMs${long.expressions}`]: round(medians[long.expressions].cpuMs, 1),
      [`validateMs${short.expressions}`]: round(medians[short.expressions].wallMs, 1),
      [`validateMs${long.expressions}`]: round(medians[long.expressions].wallMs, 1),
      [`cpuUsPerExpression${short.expressions}`]: round(usPerExpression(short), 1),
      [`cpuUsPerExpression${long.expressions}`]: round(usPerExpression(long), 1),
      perExpressionGrowth: round(usPerExpression(long) / usPerExpression(short), 3),
      beforeCompilerCpuMs: BEFORE_COMPILER_CPU_MS,
    },
    targets: [
      {
        metric: `validateCpuMs${long.expressions}`,
        max: CEILING_CPU_MS,
        description: `${long.expressions} expressions validated in <= ${CEILING_CPU_MS} ms of CPU (${BEFORE_COMPILER_CPU_MS} before the compiler)`,
      },
      {
        metric: 'perExpressionGrowth',
        max: 1.2,
        description: `linear: CPU µs per expression at ${long.expressions} within 1.2× of at ${short.expressions}`,
      },
    ],
    method: {
      lengths: LENGTHS,
      workflow:
        'N − 1 assign-only steps, step i assigning ($step := i; <W1 expression i mod 4>), and an output expression: every text distinct, so each is parsed, checked and compiled. 10,000 is the most a workflow may hold by default',
      call: 'engine.validate({ text }, { accounts: false }) on the workflow as JSON text, which must come back ok',
      process:
        'a fresh child process per length, so the 1,000 are not validated on the heap the 10,000 left; statistic: median of the samples after warm-up, CPU time (user + system of the process) and wall time',
      beforeCompilerCpuMs: `validateCpuMs${long.expressions} measured before issue 25's compiler was wired, kept to read the ceiling against`,
    },
  });
}

/** Per length: the median wall time and the median CPU time (user + system) of one validation, in ms. */
type LengthMedians = Record<number, { wallMs: number; cpuMs: number }>;

/** In a fresh process: the lengths given, sampled in turn. */
async function measureLengths(lengths: readonly Length[]): Promise<LengthMedians> {
  const engine = await createEngine();
  const validations = lengths.map((length) => {
    const text = JSON.stringify(workflow(length.expressions));
    return async () => {
      const result = await engine.validate({ text }, { accounts: false });
      if (!result.ok) throw new Error(`B11compile: the workflow did not validate: ${JSON.stringify(result)}`);
    };
  });
  const wall: number[][] = lengths.map(() => []);
  const cpu: number[][] = lengths.map(() => []);
  const rounds = Math.max(...lengths.map(({ warmup, samples }) => warmup + samples));
  for (let round = 0; round < rounds; round++) {
    for (const [index, { warmup, samples }] of lengths.entries()) {
      if (round >= warmup + samples) continue;
      const before = process.cpuUsage();
      const ms = await timeOnce(validations[index]);
      const used = process.cpuUsage(before);
      if (round < warmup) continue;
      wall[index].push(ms);
      cpu[index].push((used.user + used.system) / 1000);
    }
  }
  return Object.fromEntries(
    lengths.map(({ expressions }, index) => [
      expressions,
      { wallMs: median(wall[index]), cpuMs: median(cpu[index]) },
    ]),
  );
}

await answerWhenForked(import.meta.url, measureLengths);
