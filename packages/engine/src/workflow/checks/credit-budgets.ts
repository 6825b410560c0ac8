import type { Problem } from '../diagnostic.js';
import { type CheckInput, eachStep } from './each-step.js';

const LOOP_HINT =
  "put maxCredits on the metered step inside: it bounds all of that step's calls together, every iteration included; or bound the whole run with defaults.maxCredits";

/**
 * `maxCredits` sits only on a tool step that is metered: elsewhere no call would ever be checked
 * against it, and a budget that is silently never applied is worse than none.
 */
export function checkCreditBudgets({ workflow, registry }: CheckInput): Problem[] {
  const problems: Problem[] = [];
  for (const { node, pointer } of eachStep(workflow.steps)) {
    if (node.maxCredits === undefined) continue;
    if (node.step === undefined) {
      problems.push({
        code: 'field-without-step',
        pointer: `${pointer}/maxCredits`,
        at: 'key',
        message:
          '"maxCredits" only applies to a step that runs a metered catalog step ("step"); this one would ignore it',
        hint: LOOP_HINT,
      });
      continue;
    }
    const step = registry.step(node.step);
    // An unknown step is reported by the catalog check; whether it is metered cannot be said.
    if (step === undefined || step.credits !== undefined) continue;
    problems.push({
      code: 'budget-on-unmetered-step',
      pointer: `${pointer}/maxCredits`,
      at: 'key',
      message: `step "${node.id}" (${node.step}) spends no metered credits, so "maxCredits" would never be checked`,
      hint: 'remove maxCredits from this step; budgets apply to steps whose catalog entry declares credits',
    });
  }
  return problems;
}
