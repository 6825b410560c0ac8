import { type SentWrite, StepError } from '@toolsteps/sdk';
import { askProbe, type ProbeCall } from '../ask-probe.js';
import type { Unsettled } from './run-replay.js';

/**
 * A resumed run met a step whose write may have happened. It runs again only when that repeats
 * nothing: a `read`, or a step declared idempotent. Otherwise its probe (reads only) says whether the
 * write happened (askProbe, as a live run asks it): found, its result stands (returned here); not
 * found, the step runs. With no probe, or one that cannot tell, the run stops as `outcome_unknown`:
 * never a silent duplicate, never a silent loss.
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
  const sent = unsettled.writes.length > 0 ? sentList(unsettled.writes) : 'a write';
  const write = unsettled.reason ?? `${sent}, with no answer recorded`;
  const answer = await askProbe(call, args, unsettled.writes, write, timeoutMs);
  if ('failed' in answer) {
    const { code, message } = answer.failed;
    throw outcomeUnknown(call, unsettled, `its probe failed (${code}: ${message})`);
  }
  // Found, it stands at its worst case, counted once; absent, it cost nothing: its count goes back.
  const counting = answer.happened ? call.credits.writeFound() : call.credits.writesProvenAbsent();
  if (counting) await counting;
  return answer.happened ? { result: answer.result } : undefined;
}

/** The stop an operator must settle: which step, what it sent and when, and the commands that settle it. */
function outcomeUnknown(call: ProbeCall, unsettled: Unsettled, why: string): StepError {
  const { run, step, stepKey } = call;
  const what = unsettled.writes.length > 0 ? `sent ${sentList(unsettled.writes)}` : 'sent a write';
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

/** `POST /tasks at 2030-01-01T00:00:00.000Z, …`: what was sent and when. */
function sentList(writes: readonly SentWrite[]): string {
  return writes
    .map((write) => `${write.method} ${write.path} at ${new Date(write.at).toISOString()}`)
    .join(', ');
}
