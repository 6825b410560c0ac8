import { type RunJournal, type RunObserver, type RunResult, watchCancelRequests } from '@toolsteps/engine';
import type { CliContext } from './cli-context.js';
import { EXIT } from './exit-codes.js';
import { progressReporter } from './progress.js';
import { runFailureLine } from './run-failure.js';

export interface RunUntilDone {
  json?: boolean;
  /** Where `runs cancel` asks this run to stop; unset without a journal. */
  journal?: RunJournal;
  runId: string;
  /** What Ctrl-C does instead of aborting here: a queued run asks its worker to stop it. */
  onInterrupt?: () => void;
}

/**
 * Runs `start` (a run or a resume) with progress, stopping it on Ctrl-C or on a `runs cancel` of
 * its id, then prints its output (or its result with --json) and says how it ended.
 */
export async function runUntilDone(
  start: (signal: AbortSignal, onEvent: RunObserver | undefined) => Promise<RunResult>,
  options: RunUntilDone,
  cli: CliContext,
): Promise<number> {
  const controller = new AbortController();
  const onSignal = options.onInterrupt ?? (() => controller.abort());
  process.once('SIGINT', onSignal);
  const { journal, runId } = options;
  const stopWatching = journal && watchCancelRequests(journal, runId, controller);
  try {
    const result = await start(controller.signal, options.json ? undefined : progressReporter(cli.output));
    if (options.json) cli.output.json(result);
    else if (result.output !== undefined) cli.output.line(JSON.stringify(result.output, null, 2));
    if (result.status === 'succeeded') return EXIT.ok;
    if (!options.json) cli.output.error(cli.output.colors().red(runFailureLine(result)));
    return EXIT.failed;
  } finally {
    process.off('SIGINT', onSignal);
    stopWatching?.();
  }
}
