/** A write not safe to repeat, recorded before it left (secrets scrubbed from its path). */
export interface SentWrite {
  stepKey: string;
  /** The catalog step that sent it. */
  step: string;
  method: string;
  /** Path and query, relative to the integration's base URL. */
  path: string;
  /** When it was about to leave (ms since the epoch). */
  at: number;
  /** The step's attempt that sent it. */
  attempt: number;
}
