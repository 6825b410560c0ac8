import type { Problem } from '../diagnostic.js';
import { type CheckInput, eachStep } from './each-step.js';

/** Step ids are unique in the whole workflow, nested steps included: `$steps.<id>` and traces rely on it. */
export function checkDuplicateStepIds({ workflow }: CheckInput): Problem[] {
  const first = new Map<string, string>();
  const problems: Problem[] = [];
  for (const { node, pointer } of eachStep(workflow.steps)) {
    const earlier = first.get(node.id);
    if (earlier === undefined) {
      first.set(node.id, pointer);
      continue;
    }
    problems.push({
      code: 'duplicate-step-id',
      pointer: `${pointer}/id`,
      message: `step id "${node.id}" is already used by the step at ${earlier}; step ids must be unique in the workflow`,
    });
  }
  return problems;
}
