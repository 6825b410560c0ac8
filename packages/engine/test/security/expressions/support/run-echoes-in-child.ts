import { createEngine } from '../../../../src/index.js';
import { calc, calcAccount } from '../../../fixtures/calc-integration.js';

/**
 * Run as `node --import tsx run-echoes-in-child.ts '<expression>' '<input JSON>' <steps> [cancel]`:
 * runs `steps` `calc.echo` steps in a row (ids `e1`, `e2`, …), each with the expression as its
 * `text`, and prints the run's outcome as one JSON line. With `cancel`, the run's signal aborts as
 * the first step starts, while its expression is still to be evaluated. A child process, so a call
 * that blocks its event loop blocks the child and not Jest. The 1 s time guard gets room: a busy
 * machine cannot trip it first.
 */
const [expression = '', input = '{}', steps = '1', cancel] = process.argv.slice(2);
const engine = await createEngine({
  integrations: [calc],
  accounts: [calcAccount],
  expressionLimits: { timeoutMs: 20_000 },
});
const workflow = {
  id: 'echoes',
  steps: Array.from({ length: Number(steps) }, (_, index) => ({
    id: `e${index + 1}`,
    step: 'calc.echo',
    args: { text: expression },
  })),
};
const controller = new AbortController();
const result = await engine.run(await engine.load({ text: JSON.stringify(workflow) }), JSON.parse(input), {
  signal: controller.signal,
  onEvent: (event) => {
    if (cancel === 'cancel' && event.type === 'step.started') controller.abort();
  },
});
const done = result.steps.filter((step) => step.status === 'succeeded').length;
console.log(JSON.stringify({ status: result.status, done, first: result.steps[0], error: result.error }));
