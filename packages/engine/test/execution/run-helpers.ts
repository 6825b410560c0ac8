import { createEngine, type RunOptions } from '../../src/index.js';
import { calc, calcAccount } from '../fixtures/calc-integration.js';

/** Runs a workflow object against the calc integration, collecting its events. */
export async function runCalc(workflow: object, input: unknown = {}, options: RunOptions = {}) {
  const engine = await createEngine({ integrations: [calc], accounts: [calcAccount] });
  const events: import('../../src/index.js').RunEvent[] = [];
  const result = await engine.run({ text: JSON.stringify(workflow) }, input, {
    ...options,
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  return { result, events, engine };
}
