import { compileExpression, DEFAULT_EXPRESSION_LIMITS } from '@toolsteps/engine';
import type { JsonataNode } from '../packages/engine/src/expressions/compiled-expression.js';
import { compileJsonata } from '../packages/engine/src/expressions/compiler/index.js';
import { completeLimits } from '../packages/engine/src/expressions/expression-limits.js';
import { jsonata } from './engine-deps.js';
import { workItems } from './expression-workload.js';
import { answerWhenForked, measureInFreshProcess } from './fresh-process.js';
import { median, round, sampleEachArm } from './measure.js';
import { type BenchResult, judged } from './result.js';

const ITEMS = 10_000;
/** Filter, map and aggregate: the shape of most expressions over a large list. */
const EXPRESSION = '$sum($map(items[price > 10 and active], function($item) { $item.price * $item.qty }))';
const OPTIONS = { warmup: 3, samples: 15 };
/** The target: compiled, one expression at most 0.2× of the interpreter's time. */
const TARGET_RATIO = 0.2;

/** Medians of one evaluation per arm, in ms. */
interface Medians {
  interpreterMs: number;
  compiledMs: number;
  engineMs: number;
  jsMs: number;
}

/**
 * B11large: one expression over 10,000 items, compiled to closures (the compiler called directly,
 * and through the engine's compileExpression) against JSONata's interpreter evaluating it bare.
 */
export async function benchLargeExpression(): Promise<BenchResult> {
  const medians = await measureInFreshProcess<Medians>(import.meta.url, OPTIONS);
  return judged({
    id: 'B11large',
    name: `one expression over ${ITEMS.toLocaleString('en')} items (filter, map, sum)`,
    metrics: {
      interpreterMs: round(medians.interpreterMs, 2),
      compiledMs: round(medians.compiledMs, 2),
      engineMs: round(medians.engineMs, 2),
      jsMs: round(medians.jsMs, 3),
      compiledRatio: round(medians.compiledMs / medians.interpreterMs, 3),
      engineRatio: round(medians.engineMs / medians.interpreterMs, 3),
    },
    targets: [
      {
        metric: 'compiledRatio',
        max: TARGET_RATIO,
        description: `compiled (compileJsonata) / interpreter <= ${TARGET_RATIO}`,
      },
      {
        metric: 'engineRatio',
        max: TARGET_RATIO,
        description: `the engine's compileExpression / interpreter <= ${TARGET_RATIO}`,
      },
    ],
    method: {
      expression: EXPRESSION,
      items: ITEMS,
      interpreter: 'bare JSONata: jsonata(expression) compiled once, no options, evaluate(input) per sample',
      compiled:
        'compileJsonata(jsonata(expression).ast(), { limits: the engine defaults }) once, program(input, {}) per sample',
      engine:
        "compileExpression('{% … %}') once (what a workflow's expressions are compiled with), evaluate({ input }) per sample",
      js: 'jsMs (not judged): the same filter, map and sum written in JavaScript',
      process: 'one fresh child process; the four arms take turns each round',
      warmupRounds: OPTIONS.warmup,
      samples: OPTIONS.samples,
      statistic: 'median of the samples per arm; ratios of those medians',
    },
  });
}

/** In a fresh process: the four arms, each checked against the JavaScript result, sampled in turn. */
async function measure(options: typeof OPTIONS): Promise<Medians> {
  const input = { items: workItems(ITEMS) };
  const expected = input.items
    .filter((item) => item.price > 10 && item.active)
    .map((item) => item.price * item.qty)
    .reduce((sum, value) => sum + value, 0);
  const checked = (arm: string) => (value: unknown) => {
    if (value !== expected) throw new Error(`B11large ${arm} gave ${JSON.stringify(value)}, not ${expected}`);
  };
  const interpreter = jsonata(EXPRESSION);
  const compiled = compileJsonata(jsonata(EXPRESSION).ast() as unknown as JsonataNode, {
    limits: completeLimits(DEFAULT_EXPRESSION_LIMITS),
  });
  if (!compiled.ok) throw new Error(`B11large: the compiler refused the expression: ${compiled.reason}`);
  const { program } = compiled;
  const engine = compileExpression(`{% ${EXPRESSION} %}`);
  const sampled = await sampleEachArm(
    {
      interpreter: async () => checked('interpreter')(await interpreter.evaluate(input)),
      compiled: async () => checked('compiled program')(program(input, {})),
      engine: async () => checked('engine')(await engine.evaluate({ input })),
      js: async () =>
        checked('JavaScript')(
          input.items
            .filter((item) => item.price > 10 && item.active)
            .map((item) => item.price * item.qty)
            .reduce((sum, value) => sum + value, 0),
        ),
    },
    options,
  );
  return {
    interpreterMs: median(sampled.interpreter),
    compiledMs: median(sampled.compiled),
    engineMs: median(sampled.engine),
    jsMs: median(sampled.js),
  };
}

await answerWhenForked(import.meta.url, measure);
