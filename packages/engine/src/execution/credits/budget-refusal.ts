import { StepError } from '@toolsteps/sdk';
import type { SentRequest } from '../../ports/services.js';
import type { BudgetScope } from './credit-budgets.js';
import type { BudgetRefusal } from './credit-ledger.js';

const SCOPE_NAMES: Record<BudgetScope, string> = {
  step: 'the step budget',
  account: 'the account budget',
  run: 'the run budget',
};

/** A try of a request refused before it left, and whether a try of the call was counted unknown before it. */
export interface RefusedTry {
  request: SentRequest;
  /** An earlier try's outcome was unknown and counted at its worst case: why there is less room. */
  afterUnknown: boolean;
}

/**
 * The `budget` failure of a call refused before it sent anything, or of a try of a request refused
 * before it left (a retry after an outcome that is unknown, counted at its worst case). It names the
 * numbers a user needs to raise the budget or shrink the call: spent (and reserved by calls running),
 * asked, allowed.
 */
export function budgetError(
  refusal: BudgetRefusal,
  stepKey: string,
  stepId: string,
  refused?: RefusedTry,
): StepError {
  const { budget, spent, reserved, asked } = refusal;
  const used =
    reserved > 0
      ? `${spent} ${spent === 1 ? 'is' : 'are'} spent and ${reserved} reserved by steps still running`
      : `${spent} ${spent === 1 ? 'is' : 'are'} spent`;
  const allows = `${SCOPE_NAMES[budget.scope]} (${budget.source}) allows ${budget.allowed}, of which ${used}`;
  const details = {
    budget: budget.scope,
    source: budget.source,
    spent,
    reserved,
    asked,
    allowed: budget.allowed,
  };
  if (refused) {
    const what = `${refused.request.method} ${refused.request.path}`;
    const why = refused.afterUnknown
      ? ' (a request whose outcome is unknown counts at its worst case, estimated)'
      : '';
    return new StepError({
      code: 'budget',
      field: budget.field,
      retryable: false,
      message: `Step "${stepKey}" (${stepId}) could be charged up to ${credits(asked)} more by ${what}, but ${allows}${why}; it was not sent`,
      details: { ...details, request: what },
    });
  }
  return new StepError({
    code: 'budget',
    field: budget.field,
    retryable: false,
    message: `Step "${stepKey}" (${stepId}) could spend up to ${credits(asked)}, but ${allows}; nothing was sent`,
    details,
  });
}

function credits(amount: number): string {
  return `${amount} ${amount === 1 ? 'credit' : 'credits'}`;
}
