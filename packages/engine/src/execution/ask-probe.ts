import { type ProbeFinding, type SentWrite, StepError, toStepError } from '@toolsteps/sdk';
import { Deadline } from './deadline.js';
import { type Attempt, stepContext } from './step-context.js';

/** A probe's call: the attempt less what the probe sets itself, and the workflow's id of the step. */
export interface ProbeCall extends Omit<Attempt, 'effect' | 'attempt' | 'http'> {
  /** The workflow's own id of the step, for the `step.probed` event. */
  id: string;
}

/** What the probe found, or why it could not tell. */
export type ProbeAnswer = ProbeFinding<unknown> | { failed: StepError };

/**
 * Asks a write step's probe whether the writes it sent happened: what a resumed run does for a write
 * a crash left in flight, and a live run for a write whose answer said nothing (a 5xx, a dropped
 * connection, a timeout after it was sent). The probe reads only, with the step's account, under the
 * step's timeout. Its finding is told as a `step.probed` event; a cancelled run stops; a probe that
 * fails, or answers no finding, cannot tell, and the caller leaves the write unknown.
 */
export async function askProbe(
  call: ProbeCall,
  args: unknown,
  sent: readonly SentWrite[],
  write: string,
  timeoutMs: number | undefined,
): Promise<ProbeAnswer> {
  const { step, stepKey } = call;
  const probe = step.probe;
  if (!probe) throw new Error(`${step.id} declares no probe to ask`);
  const deadline = new Deadline(call.signal, timeoutMs, `The probe of step "${stepKey}"`);
  const attempt: Attempt = { ...call, effect: 'read', attempt: 0, signal: deadline.signal };
  let finding: ProbeFinding<unknown>;
  try {
    finding = await deadline.race(Promise.resolve().then(() => probe(args, stepContext(attempt), sent)));
  } catch (thrown) {
    const error = toStepError(thrown);
    if (error.code === 'cancelled') throw error;
    return { failed: error };
  } finally {
    deadline.dispose();
  }
  if (typeof finding?.happened !== 'boolean') {
    return {
      failed: new StepError({
        code: 'upstream',
        message: `${step.id}'s probe answered no finding ({ happened: true, result } or { happened: false })`,
      }),
    };
  }
  call.run.recorder.emit({
    type: 'step.probed',
    stepKey,
    id: call.id,
    step: step.id,
    write,
    found: finding.happened,
  });
  return finding;
}
