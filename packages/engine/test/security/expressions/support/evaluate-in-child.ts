import { StepError } from '@toolsteps/sdk';
import { DEFAULT_LIMITS } from '../../../../src/expressions/expression-limits.js';
import { compileTemplate } from '../../../../src/expressions/template.js';

/**
 * Run as `node --import tsx evaluate-in-child.ts '<expression>' '<input JSON>'`: evaluates the
 * expression as the `text` arg of a step `greet` and prints the outcome as one JSON line. Run in a
 * child process with a small heap, so an expression that exhausts memory kills the child, not Jest.
 */
const [expression, input = '{}'] = process.argv.slice(2);
// What is tested is the memory limits: the 1 s time guard gets room, so a busy machine cannot trip it first.
const limits = { ...DEFAULT_LIMITS, timeoutMs: 20_000 };
const template = compileTemplate(expression, { pointer: '/steps/0/args/text', limits });
try {
  const value = await template.evaluate({ input: JSON.parse(input) }, 'greet');
  // A string is summed up by its length: it may be millions of characters.
  const outcome = typeof value === 'string' ? { ok: true, length: value.length } : { ok: true, value };
  console.log(JSON.stringify(outcome));
} catch (error) {
  const { code, step, field, message } = error as StepError;
  console.log(
    JSON.stringify({ ok: false, stepError: error instanceof StepError, code, step, field, message }),
  );
}
