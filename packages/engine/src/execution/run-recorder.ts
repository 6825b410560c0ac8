import type { Logger, SentWrite } from '@toolsteps/sdk';
import type { Clock } from '../ports/clock.js';
import type { Journal, RunEvent, RunObserver, SpentCredits, StepTrace } from '../ports/events.js';
import type { SecretScrubber } from '../ports/services.js';

type DistributiveOmit<T, K extends keyof never> = T extends unknown ? Omit<T, K> : never;
export type EventInit = DistributiveOmit<RunEvent, 'runId' | 'at'>;

/**
 * Everything a run reports goes through here, so secrets are scrubbed in one place before events
 * reach observers, traces reach the journal, and the result reaches the caller.
 */
export class RunRecorder {
  /** Scrubbed traces at the place each step reserved: the run result hands these out as they are. */
  private readonly traces: StepTrace[] = [];
  private nextOrder = 0;

  constructor(
    readonly runId: string,
    private readonly clock: Clock,
    private readonly scrubber: SecretScrubber,
    private readonly journal: Journal,
    private readonly logger: Logger,
    private readonly observer?: RunObserver,
  ) {}

  /** Whether anyone listens: callers skip building events nobody would see. */
  get observed(): boolean {
    return this.observer !== undefined;
  }

  emit(init: EventInit): void {
    if (!this.observer) return;
    const event = this.scrubber.scrubValue({ ...init, runId: this.runId, at: this.clock.now() } as RunEvent);
    try {
      this.observer(event);
    } catch (error) {
      // A failing observer must not fail the run it observes.
      this.logger.warn('A run observer threw; the run goes on', { error: String(error) });
    }
  }

  /** Whether the journal records writes as they leave (a journal runs can be resumed from). */
  get recordsSends(): boolean {
    return this.journal.recordSend !== undefined;
  }

  /** Records a write about to leave; its path scrubbed, as a URL can carry a token. */
  recordSend(write: SentWrite): Promise<void> {
    write.path = this.scrubber.scrub(write.path);
    return this.journal.recordSend!(this.runId, write);
  }

  /** Whether the journal records credits as they are counted (a journal runs can be resumed from). */
  get recordsCredits(): boolean {
    return this.journal.recordCredits !== undefined;
  }

  /** Records credits a step was counted; texts and a part's value scrubbed, as a trace's are. */
  recordCredits(credits: SpentCredits): Promise<void> {
    const { scrubber } = this;
    const scrubbed: SpentCredits = {
      ...credits,
      stepKey: scrubber.scrub(credits.stepKey),
      accountId: scrubber.scrub(credits.accountId),
    };
    if (credits.part)
      scrubbed.part = {
        name: scrubber.scrub(credits.part.name),
        value: scrubber.scrubValue(credits.part.value),
      };
    return this.journal.recordCredits!(this.runId, scrubbed);
  }

  /** Takes a trace recorded by an earlier attempt of a resumed run, as it is: the journal has it. */
  adopt(order: number, trace: StepTrace): void {
    this.traces[order] = trace;
  }

  /** Reserves a place for a step's trace, so traces list steps in the order they started. */
  reserve(): number {
    return this.nextOrder++;
  }

  /**
   * Scrubs a trace, once: the journal and the run result share the scrubbed trace. It takes `trace`,
   * built for it alone, and scrubs it in place. The promise is the journal's own, passed on rather
   * than wrapped: a step waits for its record and nothing more.
   */
  record(order: number, trace: StepTrace): Promise<void> {
    const scrubbed = scrubbedTrace(trace, this.scrubber);
    this.traces[order] = scrubbed;
    return this.journal.recordStep(this.runId, scrubbed);
  }

  /** The traces recorded, in the order their steps started (already scrubbed). */
  steps(): StepTrace[] {
    // `filter` skips the places of steps that reserved one but never recorded.
    return this.traces.filter(() => true);
  }
}

/**
 * Which fields of a trace can carry a secret: every text and every value a step or the workflow
 * gave; not the numbers the engine counts. Typed over every field of StepTrace, so a new field
 * cannot be left out.
 */
const MAY_HOLD_SECRETS = {
  stepKey: true,
  id: true,
  step: true,
  status: true,
  args: true,
  result: true,
  error: true,
  meter: true,
  credits: false,
  outcome: true,
  outcomeReason: true,
  replayed: false,
  resolution: false,
  attempts: false,
  startedAt: false,
  durationMs: false,
  requests: false,
  // Scrubbed string by string in scrubbedTrace: a walk of its object per step costs more.
  account: false,
  requestLog: true,
} as const satisfies Record<keyof StepTrace, boolean>;

const SCRUBBED_FIELDS = (Object.keys(MAY_HOLD_SECRETS) as Array<keyof StepTrace>).filter(
  (field) => MAY_HOLD_SECRETS[field],
);

/**
 * The trace with its texts and values scrubbed, field by field: what `scrubValue(trace)` did, less
 * the walk over the trace object itself, whose keys are the engine's own names, never data. That
 * walk cost an empty step more than all the rest of its trace and record.
 */
function scrubbedTrace(trace: StepTrace, scrubber: SecretScrubber): StepTrace {
  const fields = trace as unknown as Record<string, unknown>;
  for (const field of SCRUBBED_FIELDS) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    const clean = typeof value === 'string' ? scrubber.scrub(value) : scrubber.scrubValue(value);
    if (clean !== value) fields[field] = clean;
  }
  const account = trace.account;
  if (account) {
    const id = scrubber.scrub(account.id);
    const name = scrubber.scrub(account.name);
    if (id !== account.id || name !== account.name) trace.account = { id, name };
  }
  return trace;
}
