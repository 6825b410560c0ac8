import type { Clock } from '../contracts/clock.js';
import type { Journal, RunEvent, RunObserver, StepTrace } from '../contracts/events.js';
import type { Logger } from '../contracts/logger.js';
import type { SecretScrubber } from '../contracts/services.js';

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

  /** Reserves a place for a step's trace, so traces list steps in the order they started. */
  reserve(): number {
    return this.nextOrder++;
  }

  /** Scrubs a trace, once: the journal and the run result share the scrubbed trace. */
  async record(order: number, trace: StepTrace): Promise<void> {
    const scrubbed = this.scrubber.scrubValue(trace);
    this.traces[order] = scrubbed;
    await this.journal.recordStep(this.runId, scrubbed);
  }

  /** The traces recorded, in the order their steps started (already scrubbed). */
  steps(): StepTrace[] {
    // `filter` skips the places of steps that reserved one but never recorded.
    return this.traces.filter(() => true);
  }
}
