import type { StepError } from '@toolsteps/sdk';
import { askProbe, type ProbeCall } from './ask-probe.js';
import { notRetried } from './step-retry.js';
import type { WriteOutcomes } from './write-outcomes.js';

/** An attempt whose write may or may not have happened, and what the retry policy allows next. */
export interface AmbiguousAttempt {
  error: StepError;
  writes: WriteOutcomes;
  /** Which write, and how it ended: `POST /tasks answered 502`. */
  ambiguous: string;
  /** Whether the policy allows another attempt once the write is proven not done; else the failure to end with. */
  next: { delayMs: number } | { end: StepError };
}

/**
 * A live run's attempt sent a write whose answer said nothing (a 5xx, a dropped connection, a timeout
 * after it was sent): the step's probe is asked, as a resumed run asks it (askProbe). Found, the
 * step ends with what it found (returned here), counted at its worst case. Not found, the write is
 * sent again when the retry policy allows another attempt (undefined here), its worst case given
 * back. Otherwise, or when the probe cannot tell, the step fails with its outcome unknown, as a step
 * without a probe does: a resumed run asks the probe again.
 */
export async function settleAmbiguousWrite(
  call: ProbeCall,
  args: unknown,
  attempt: AmbiguousAttempt,
  timeoutMs: number | undefined,
): Promise<{ result: unknown } | undefined> {
  const { writes, ambiguous, next } = attempt;
  const answer = await askProbe(call, args, writes.sentWrites, ambiguous, timeoutMs);
  const end = 'end' in next ? next.end : attempt.error;
  if ('failed' in answer) {
    const { code, message } = answer.failed;
    throw notRetried(end, call.step.id, ambiguous, `its probe could not tell (${code}: ${message})`);
  }
  if (answer.happened) return { result: answer.result };
  if ('end' in next) {
    // It may yet land (an upstream still at work on it): a resumed run asks the probe again.
    throw notRetried(
      end,
      call.step.id,
      ambiguous,
      "its probe did not find it, but the step's retry policy allows no other attempt",
    );
  }
  writes.provenAbsent();
  // Never processed, never charged: its worst case, counted as its attempt ended, is given back.
  const refunding = call.credits.writesProvenAbsent();
  if (refunding) await refunding;
  return undefined;
}
