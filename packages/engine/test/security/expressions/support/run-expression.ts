import { createEngine, type ExpressionLimits } from '../../../../src/index.js';
import { calc, calcAccount } from '../../../fixtures/calc-integration.js';

/** Runs one `calc.echo` step (id `greet`) whose `text` is the given `{% … %}` expression. */
export async function runEcho(
  expression: string,
  input: unknown = {},
  limits: Partial<ExpressionLimits> = {},
) {
  const engine = await createEngine({
    integrations: [calc],
    accounts: [calcAccount],
    expressionLimits: limits,
  });
  const workflow = { id: 'echo', steps: [{ id: 'greet', step: 'calc.echo', args: { text: expression } }] };
  return engine.run({ text: JSON.stringify(workflow) }, input);
}

/** Validates a workflow whose one step's `text` is the given expression, returning its diagnostics. */
export async function validateEcho(expression: string) {
  const engine = await createEngine({ integrations: [calc], accounts: [calcAccount] });
  const workflow = { id: 'echo', steps: [{ id: 'greet', step: 'calc.echo', args: { text: expression } }] };
  return engine.validate({ text: JSON.stringify(workflow) });
}
