import { StepError } from '../../contracts/step-error.js';
import type { BudgetScope } from './credit-budgets.js';
import type { BudgetRefusal } from './credit-ledger.js';

const SCOPE_NAMES: Record<BudgetScope, string> = {
  step: 'the step budget',
  account: 'the account budget',
  run: 'the run budget',
};

/**
 * The `budget` failure of a call refused before it sent anything. It names the numbers a user needs
 * to raise the budget or shrink the call: spent (and reserved by calls running), asked, allowed.
 */
export function budgetError(refusal: BudgetRefusal, stepKey: string, stepId: string): StepError {
  const { budget, spent, reserved, asked } = refusal;
  const used =
    reserved > 0
      ? `${spent} ${spent === 1 ? 'is' : 'are'} spent and ${reserved} reserved by steps still running`
      : `${spent} ${spent === 1 ? 'is' : 'are'} spent`;
  return new StepError({
    code: 'budget',
    field: budget.field,
    retryable: false,
    message: `Step "${stepKey}" (${stepId}) could spend up to ${credits(asked)}, but ${SCOPE_NAMES[budget.scope]} (${budget.source}) allows ${budget.allowed}, of which ${used}; nothing was sent`,
    details: { budget: budget.scope, source: budget.source, spent, reserved, asked, allowed: budget.allowed },
  });
}

function credits(amount: number): string {
  return `${amount} ${amount === 1 ? 'credit' : 'credits'}`;
}
