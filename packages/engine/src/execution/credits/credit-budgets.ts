import { type ConnectedAccount, type Integration, StepError } from '@toolsteps/sdk';
import { cutBeforeToken } from '@toolsteps/sdk/schema';
import type { CompiledStep, CompiledWorkflow } from '../../workflow/compiled-workflow.js';

export type BudgetScope = 'step' | 'account' | 'run';

/** A most-credits limit that applies to a call, and where it was set (for the refusal to name it). */
export interface Budget {
  scope: BudgetScope;
  allowed: number;
  /** How a user finds it: `defaults.maxCredits`, `maxCredits`, `setting maxCreditsPerRun of account "x"`. */
  source: string;
  /** Its JSON pointer in the workflow file, for the workflow's own budgets. */
  field?: string;
}

/** The budgets a metered call counts against, tightest scope first: its step's, its account's, the run's. */
export function budgetsFor(
  node: CompiledStep,
  workflow: CompiledWorkflow,
  integration: Integration,
  account: ConnectedAccount,
): Budget[] {
  const budgets: Budget[] = [];
  const own = node.node.maxCredits;
  if (own !== undefined) {
    budgets.push({ scope: 'step', allowed: own, source: 'maxCredits', field: `${node.pointer}/maxCredits` });
  }
  const accountBudget = accountBudgetOf(integration, account);
  if (accountBudget) budgets.push(accountBudget);
  const run = workflow.definition.defaults?.maxCredits;
  if (run !== undefined) {
    budgets.push({
      scope: 'run',
      allowed: run,
      source: 'defaults.maxCredits',
      field: '/defaults/maxCredits',
    });
  }
  return budgets;
}

/** The account's own budget, from the setting its integration names; a value that is no budget fails closed. */
function accountBudgetOf(integration: Integration, account: ConnectedAccount): Budget | undefined {
  const setting = integration.credits?.accountBudgetSetting;
  if (setting === undefined) return undefined;
  const value = account.settings[setting];
  if (value === undefined || value === null) return undefined;
  const source = `setting ${setting} of account "${account.name}"`;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new StepError({
      code: 'validation',
      message: `The ${source} must be a whole number of credits, 0 or more, but it is ${cutBeforeToken(JSON.stringify(value) ?? String(value), 60)}; nothing was sent`,
      details: { setting, account: account.id },
    });
  }
  return { scope: 'account', allowed: value, source };
}
