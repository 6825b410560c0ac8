import type { SendEndListener, SentRequest } from '../contracts/services.js';

/**
 * What the writes of one step (sends not safe to repeat) may have done upstream, told as each leaves
 * and ends: whether running the step again could repeat one, and whether a failed step's effect is
 * unknown. Like a Temporal activity whose outcome is unknown, such a step is surfaced, never guessed.
 */
export class WriteOutcomes {
  readonly #inFlight = new Set<SentRequest>();
  /** The first write of the current attempt that may have been processed, and how it ended. */
  #attemptRisk?: string;
  /** The first write of the step that got no complete answer (or a 5xx). */
  #unknown?: string;

  /** Counts a send as it leaves; the listener returned hears how it ended. */
  sent(request: SentRequest): SendEndListener | undefined {
    if (request.safeToRepeat) return undefined;
    this.#inFlight.add(request);
    return (end, reason) => {
      this.#inFlight.delete(request);
      if (end === 'refused') return;
      const said = `${request.method} ${request.path} ${reason}`;
      this.#attemptRisk ??= said;
      if (end === 'unknown') this.#unknown ??= said;
    };
  }

  /** A new attempt starts: what the earlier ones did stays in the step's outcome. */
  startAttempt(): void {
    this.#attemptRisk = undefined;
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
