import { expressionFacts } from '../../expressions/expression-facts.js';
import type { Problem } from '../diagnostic.js';
import { type CheckInput, eachStep } from './each-step.js';

/** A forEach over an expression whose very form yields a non-array (`{% 5 %}`, `{% $a & $b %}`) can never loop. */
export function checkForEachItems({ workflow, expressions }: CheckInput): Problem[] {
  const problems: Problem[] = [];
  for (const { node, pointer } of eachStep(workflow.steps)) {
    if (node.forEach === undefined) continue;
    const at = `${pointer}/forEach/items`;
    const expression = expressions.get(at);
    const kind = expression === undefined ? undefined : expressionFacts(expression).kind;
    if (kind === undefined) continue;
    const what = kind === 'null' ? 'null' : kind === 'object' ? 'an object' : `a ${kind}`;
    problems.push({
      code: 'foreach-items',
      pointer: at,
      message: `forEach.items must yield an array, but this expression always yields ${what}`,
    });
  }
  return problems;
}
