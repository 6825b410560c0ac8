import type { ProbeFinding } from '../../contracts/step.js';
import { StepError, toStepError } from '../../contracts/step-error.js';
import { Deadline } from '../deadline.js';
import { type Attempt, stepContext } from '../step-context.js';
import type { Unsettled } from './run-replay.js';

/** A probe's call: the attempt less what the probe sets itself. */
export type ProbeCall = Omit<Attempt, 'effect' | 'attempt' | 'http'>;

/**
 * A resumed run met a step whose write may have happened. It runs again only when that repeats
 * nothing: a `read`, or a step declared idempotent. Otherwise its probe (reads only) says whether the
 * write happened: found, its result stands (returned here); not found, the step runs. With no probe,
 * the run stops as `outcome_unknown`: never a silent duplicate, never a silent loss.
 */
export async function settleUnsettled(
  call: ProbeCall,
  args: unknown,
  unsettled: Unsettled,
  timeoutMs: number | undefined,
): Promise<{ result: unknown } | undefined> {
  const { step } = call;
  if (step.effect === 'read' || step.idempotent === true) return undefined;
  if (!step.probe) throw outcomeUnknown(call, unsettled, 'it declares no probe to find out');
  const deadline = new Deadline(call.signal, timeoutMs, `The probe of step "${call.stepKey}"`);
  const attempt: Attempt = { ...call, effect: 'read', attempt: 0, signal: deadline.signal };
  let finding: ProbeFinding<unknown>;
  try {
    finding = await deadline.race(step.probe(args, stepContext(attempt), unsettled.writes));
  } catch (thrown) {
    const error = toStepError(thrown);
    if (error.code === 'cancelled') throw error;
    throw outcomeUnknown(call, unsettled, `its probe failed (${error.code}: ${error.message})`);
  } finally {
    deadline.dispose();
  }
  return finding.happened ? { result: finding.result } : undefined;
}

/** The stop an operator must settle: which step, what it sent and when, and the commands that settle it. */
function outcomeUnknown(call: ProbeCall, unsettled: Unsettled, why: string): StepError {
  const { run, step, stepKey } = call;
  const sent = unsettled.writes.map(
    (write) => `${write.method} ${write.path} at ${new Date(write.at).toISOString()}`,
  );
  const what = sent.length > 0 ? `sent ${sent.join(', ')}` : 'sent a write';
  const ended = unsettled.reason ? ` (${unsettled.reason})` : '';
  const resolve = `toolsteps runs resolve ${run.runId} --step ${stepKey}`;
  return new StepError({
    code: 'outcome_unknown',
    step: stepKey,
    message:
      `Step "${stepKey}" (${step.id}) ${what}${ended}, and whether ${call.integration.title} acted on it is unknown; ` +
      `running it again could repeat it and ${why}. Check at ${call.integration.title}, then: ` +
      `${resolve} --as done --result <file>, or --as retry, or --as failed`,
    retryable: false,
    details: { sent: unsettled.writes },
  });
}
