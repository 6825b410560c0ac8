import type { SentWrite } from '@toolsteps/sdk';
import type { SendEndListener, SentRequest } from '../ports/services.js';

/**
 * What the writes of one step (sends not safe to repeat) may have done upstream, told as each leaves
 * and ends: whether running the step again could repeat one, and whether a failed step's effect is
 * unknown. Like a Temporal activity whose outcome is unknown, such a step is surfaced, never guessed;
 * a step with a probe asks it (settle-ambiguous-write.ts).
 */
export class WriteOutcomes {
  readonly #inFlight = new Set<SentRequest>();
  /** Every write the step sent, as its probe is given them. */
  readonly #sent: SentWrite[] = [];
  #attempt = 0;
  /** The first write of the current attempt that may have been processed, and how it ended. */
  #attemptRisk?: string;
  /** A write of the current attempt was answered as processed: its effect is known. */
  #attemptDone = false;
  /** The first write of the step that got no complete answer (or a 5xx). */
  #unknown?: string;

  constructor(
    private readonly stepKey: string,
    private readonly stepId: string,
  ) {}

  /** Counts a send as it leaves (`at`, by the run's clock); the listener returned hears how it ended. */
  sent(request: SentRequest, at: number): SendEndListener | undefined {
    if (request.safeToRepeat) return undefined;
    this.#inFlight.add(request);
    const { stepKey, stepId } = this;
    this.#sent.push({
      stepKey,
      step: stepId,
      method: request.method,
      path: request.path,
      at,
      attempt: this.#attempt,
    });
    return (end, reason) => {
      this.#inFlight.delete(request);
      if (end === 'refused') return;
      const said = `${request.method} ${request.path} ${reason}`;
      this.#attemptRisk ??= said;
      if (end === 'unknown') this.#unknown ??= said;
      else this.#attemptDone = true;
    };
  }

  /** A new attempt starts: what the earlier ones did stays in the step's outcome. */
  startAttempt(attempt: number): void {
    this.#attempt = attempt;
    this.#attemptRisk = undefined;
    this.#attemptDone = false;
  }

  /** The writes the step sent so far, each with when it left and its attempt. */
  get sentWrites(): readonly SentWrite[] {
    return this.#sent;
  }

  /**
   * Why the current attempt's effect is unknown when nothing else is: a write of it got no complete
   * answer or a 5xx (or none yet), and none was answered as done. What the step's probe can settle.
   */
  ambiguous(): string | undefined {
    return this.#attemptDone ? undefined : this.repeatRisk();
  }

  /** The step's probe found none of its writes done: running it again repeats nothing. */
  provenAbsent(): void {
    this.#attemptRisk = undefined;
    this.#unknown = undefined;
  }

  /** Why running the step again could repeat a write of this attempt; undefined when nothing was sent or every write was refused. */
  repeatRisk(): string | undefined {
    return this.#attemptRisk ?? this.#stillInFlight();
  }

  /** Why the step's effect upstream is unknown: a write got no complete answer, or none yet. */
  unknown(): string | undefined {
    return this.#unknown ?? this.#stillInFlight();
  }

  #stillInFlight(): string | undefined {
    const [first] = this.#inFlight;
    return first && `${first.method} ${first.path} was sent and had no answer when the step ended`;
  }
}
