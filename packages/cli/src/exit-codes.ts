/** What `toolsteps` exits with, so scripts and agent runtimes can branch on the outcome. */
export const EXIT = {
  ok: 0,
  /** The workflow ran and failed (or was cancelled). */
  failed: 1,
  /** The workflow is invalid, or the command was used wrongly. */
  invalid: 2,
} as const;

/** A problem the user can fix, reported in one line without a stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.invalid,
  ) {
    super(message);
  }
}
