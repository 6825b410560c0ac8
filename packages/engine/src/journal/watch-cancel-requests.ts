import type { RunJournal } from '../ports/journaled-run.js';

/** How often a run looks for a `runs cancel` from elsewhere: a journal read each time. */
export const CANCEL_POLL_MS = 500;

/**
 * Aborts `controller` once the journal says someone asked to cancel `runId` (`toolsteps runs cancel`,
 * from any machine that reaches the journal). Returns the function that stops watching.
 */
export function watchCancelRequests(
  journal: RunJournal,
  runId: string,
  controller: AbortController,
): () => void {
  const timer = setInterval(() => {
    journal.cancelRequested(runId).then(
      (asked) => asked && controller.abort(),
      // The journal is busy or closing: the next look will tell.
      () => undefined,
    );
  }, CANCEL_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
