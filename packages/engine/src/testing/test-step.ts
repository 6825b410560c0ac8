import {
  type AnyStep,
  type ConnectedAccount,
  type HttpExchange,
  type Integration,
  integrationOfStep,
  type StepErrorJson,
} from '@toolsteps/sdk';
import { createEngine } from '../container/create-engine.js';
import type { Clock } from '../ports/clock.js';
import type { RunEvent } from '../ports/events.js';
import type { CreditSpend } from '../ports/run-credits.js';
import { compileWorkflow } from '../workflow/compile-workflow.js';
import { type EmulatorAccounts, emulatorAccount } from './emulator-account.js';

export interface TestStepOptions {
  /** The account the step runs with; or `emulator`, whose first account is used. */
  account?: ConnectedAccount;
  emulator?: EmulatorAccounts;
  /** Needed only for a step that did not go through defineIntegration. */
  integration?: Integration;
  clock?: Clock;
  signal?: AbortSignal;
}

export interface TestStepOutcome<R = unknown> {
  ok: boolean;
  result?: R;
  error?: StepErrorJson;
  /** Every HTTP request the step made (retries included), secrets redacted. */
  exchanges: HttpExchange[];
  events: RunEvent[];
  /** Counters the step reported (`ctx.meter`). */
  meter: Record<string, number>;
  /** Credits the step spent, when it is metered or reported some (`ctx.credits`). */
  credits?: CreditSpend;
}

/**
 * Runs one step through the real engine (input validation, account, HTTP, retries, output check)
 * and returns what it did, so a step is unit-tested in a few lines against its emulator.
 */
export async function testStep<R = unknown>(
  step: AnyStep,
  input: Record<string, unknown>,
  options: TestStepOptions = {},
): Promise<TestStepOutcome<R>> {
  const integration = options.integration ?? integrationOfStep(step);
  if (!integration) {
    throw new Error(
      `Step "${step.id}" belongs to no integration loaded so far: import its integration module, or pass { integration } to testStep`,
    );
  }
  const account = options.account ?? emulatorAccount(options.emulator);
  if (!account) throw new Error('testStep needs { account } or { emulator } to run the step with');

  const engine = await createEngine({
    integrations: [integration],
    accounts: [account],
    clock: options.clock,
  });
  const workflow = compileWorkflow(
    { id: `test-${step.id}`, steps: [{ id: 'step', step: step.id, account: account.id, args: input }] },
    { registry: engine.registry },
  );
  const exchanges: HttpExchange[] = [];
  const events: RunEvent[] = [];
  const run = await engine.run(
    workflow,
    {},
    {
      signal: options.signal,
      onEvent: (event) => events.push(event),
      onExchange: (_key, exchange) => exchanges.push(exchange),
    },
  );
  const trace = run.steps[0];
  return {
    ok: run.status === 'succeeded',
    ...(run.status === 'succeeded' ? { result: trace?.result as R } : { error: trace?.error ?? run.error }),
    exchanges,
    events,
    meter: trace?.meter ?? {},
    ...(trace?.credits ? { credits: trace.credits } : {}),
  };
}
