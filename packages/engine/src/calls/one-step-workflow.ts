import type { AnyStep, Integration } from '@toolsteps/sdk';
import type { LiteralTemplate } from '../expressions/template.js';
import { type CompiledWorkflow, SINGLE_ATTEMPT } from '../workflow/compiled-workflow.js';

/** The key of the one step a call runs: its trace and events carry it. */
export const CALL_STEP_KEY = 'call';

/**
 * A tool call as the runner runs it: one step, its arguments a literal, never evaluated (a title that
 * reads `{% $now() %}` is that text), its account the one asked for or the integration's only one.
 * Nothing is parsed or compiled: a call costs what running the step costs.
 */
export function oneStepWorkflow(
  step: AnyStep,
  integration: Integration,
  args: Record<string, unknown>,
  account: string | undefined,
): CompiledWorkflow {
  const node = { id: CALL_STEP_KEY, step: step.id, ...(account === undefined ? {} : { account }) };
  return {
    id: step.id,
    definition: { id: step.id, steps: [node] },
    steps: [
      {
        id: CALL_STEP_KEY,
        // Errors about an argument name it from here: `/args/title`, which the call turns into `/title`.
        pointer: '',
        node,
        step,
        integration,
        args: literalArgs(args),
        retry: SINGLE_ATTEMPT,
        catch: [],
      },
    ],
    defaultAccounts: {},
  };
}

function literalArgs(args: Record<string, unknown>): LiteralTemplate {
  return {
    isLiteral: true,
    value: () => args,
    evaluate: () => Promise.resolve(args),
  };
}
