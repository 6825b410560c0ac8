import {
  type AnyStep,
  type ConnectedAccount,
  type Integration,
  type StepParts,
  withFields,
} from '@toolsteps/sdk';
import type { CompiledStep } from '../../workflow/compiled-workflow.js';
import type { RunContext, StepProgress } from '../run-context.js';
import { CallCredits } from './call-credits.js';
import { budgetsFor } from './credit-budgets.js';

/**
 * The credits of one call of a tool step: metered (its worst case for these args and the parts
 * already done, under every budget that applies) when the step declares `credits`, else a plain
 * reporter.
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
  const logger = withFields(run.logger, { runId: run.runId });
  const view = { stepKey, stepId: step.id, progress, logger, recorder: run.recorder };
  // A resumed run: what this step spent in earlier lives is counted already, and shown in its credits.
  const earlier = run.credits.earlierOf(stepKey);
  if (!step.credits) return new CallCredits(run.credits, payer, view, undefined, earlier);
  const declared = step.credits.worstCase;
  const worstCase = (done: StepParts) => {
    const value = declared(args, done);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new Error(
        `${step.id} gave ${String(value)} as the worst case of its credits: a number, 0 or more, is needed`,
      );
    }
    return value;
  };
  const budgets = budgetsFor(node, run.workflow, integration, account);
  return new CallCredits(run.credits, payer, view, { worstCase, budgets }, earlier);
}
