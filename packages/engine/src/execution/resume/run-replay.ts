import type { SentWrite } from '@toolsteps/sdk';
import type { RunHistory, StepTrace } from '../../ports/events.js';

/**
 * A resumed run's memory of what it already did, by step key. A step recorded as succeeded or
 * caught (or settled by an operator as done or failed) is replayed; a step whose write was recorded
 * as sent, with no record that settles it, is unsettled: it may or may not have happened.
 */
export class RunReplay {
  private readonly recorded = new Map<string, StepTrace>();
  private readonly sent = new Map<string, SentWrite[]>();

  constructor(history: RunHistory) {
    for (const trace of history.steps) this.recorded.set(trace.stepKey, trace);
    for (const write of history.sent) {
      const writes = this.sent.get(write.stepKey);
      if (writes) writes.push(write);
      else this.sent.set(write.stepKey, [write]);
    }
  }

  /** The record that stands for the step instead of running it again, if there is one. */
  replayable(stepKey: string): StepTrace | undefined {
    const trace = this.recorded.get(stepKey);
    if (!trace) return undefined;
    if (trace.status === 'succeeded' || trace.status === 'caught') return trace;
    return trace.status === 'failed' && trace.resolution === 'failed' ? trace : undefined;
  }

  /**
   * The writes of the step that may have happened with nothing to say whether they did: sent with
   * no step record after them (a journal drops a step's record when a new attempt sends), or a
   * step that failed with its outcome unknown. Undefined when running the step again repeats nothing.
   */
  unsettled(stepKey: string): Unsettled | undefined {
    const trace = this.recorded.get(stepKey);
    const writes = this.sent.get(stepKey) ?? [];
    if (!trace) return writes.length > 0 ? { writes } : undefined;
    if (trace.status !== 'failed' || trace.resolution === 'retry') return undefined;
    const unknown = trace.outcome === 'unknown' || trace.error?.code === 'outcome_unknown';
    return unknown ? { writes, reason: trace.outcomeReason } : undefined;
  }
}

/** A step's writes that may have happened, and how the last attempt ended when its trace says. */
export interface Unsettled {
  writes: readonly SentWrite[];
  reason?: string;
}
