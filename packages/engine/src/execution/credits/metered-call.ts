import type { ConnectedAccount } from '../../contracts/account.js';
import type { Integration } from '../../contracts/integration.js';
import { withFields } from '../../contracts/logger.js';
import type { AnyStep } from '../../contracts/step.js';
import type { CompiledStep } from '../../workflow/compiled-workflow.js';
import type { RunContext, StepProgress } from '../run-context.js';
import { CallCredits } from './call-credits.js';
import { budgetsFor } from './credit-budgets.js';

/**
 * The credits of one call of a tool step: metered (its worst case for these args, under every
 * budget that applies) when the step declares `credits`, else a plain reporter.
 */
export function creditsOfCall(
  node: CompiledStep,
  step: AnyStep,
  integration: Integration,
  account: ConnectedAccount,
  args: unknown,
  stepKey: string,
  run: RunContext,
  progress: StepProgress,
): CallCredits {
  const payer = { accountId: account.id, stepPointer: node.pointer };
  const view = { stepKey, stepId: step.id, progress, logger: withFields(run.logger, { runId: run.runId }) };
  if (!step.credits) return new CallCredits(run.credits, payer, view);
  const worstCase = step.credits.worstCase(args);
  if (typeof worstCase !== 'number' || !Number.isFinite(worstCase) || worstCase < 0) {
    throw new Error(
      `${step.id} gave ${String(worstCase)} as the worst case of its credits: a number, 0 or more, is needed`,
    );
  }
  return new CallCredits(
    run.credits,
    payer,
    view,
    worstCase,
    budgetsFor(node, run.workflow, integration, account),
  );
}
