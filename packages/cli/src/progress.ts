import type { CreditSpend, RunCredits, RunEvent } from '@toolsteps/engine';
import type { StepErrorJson } from '@toolsteps/sdk';
import type { Colors, Output } from './output.js';
import { printable } from './printable.js';

/**
 * Shows a run as it happens: coloured, symbol-led lines on a terminal; plain `step … started`
 * lines elsewhere (CI logs, pipes). With --json nothing is shown until the one final document.
 */
export function progressReporter(output: Output): (event: RunEvent) => void {
  const tty = output.interactive;
  const colors = output.colors();
  const ms = (value: number) => `${Math.round(value)} ms`;
  return (event) => {
    const shown = oneLineEach(event);
    const line = tty ? ttyLine(shown, colors, ms) : plainLine(shown, ms);
    if (line) output.note(line);
  };
}

/**
 * The event with every text that came from outside (ids from the workflow file, an upstream error,
 * a skip reason quoting an expression) on one line: a newline in it cannot forge a progress line.
 */
function oneLineEach(event: RunEvent): RunEvent {
  const shown: Record<string, unknown> = { ...event };
  for (const key of ['runId', 'workflowId', 'stepKey', 'step', 'reason', 'write']) {
    const value = shown[key];
    if (typeof value === 'string') shown[key] = printable(value);
  }
  const error = shown.error as StepErrorJson | undefined;
  if (error) shown.error = { ...error, code: printable(error.code), message: printable(error.message) };
  return shown as RunEvent;
}

function ttyLine(event: RunEvent, c: Colors, ms: (v: number) => string): string | undefined {
  switch (event.type) {
    case 'run.started':
      return c.bold(`▶ ${event.workflowId}`) + c.dim(` run ${event.runId}${event.resumed ? ' resumed' : ''}`);
    case 'step.started':
      return event.attempt === 1
        ? c.dim(`  … ${event.stepKey}${event.step ? ` (${event.step})` : ''}`)
        : undefined;
    case 'step.retrying':
      return c.yellow(
        `  ↻ ${event.stepKey}: ${event.error.message}; attempt ${event.attempt + 1} in ${ms(event.delayMs)}`,
      );
    case 'step.probed':
      return c.yellow(`  ? ${event.stepKey}: ${event.write}; ${probedNote(event.found)}`);
    case 'step.succeeded':
      return `  ${c.green('✓')} ${event.stepKey} ${c.dim(event.replayed ? replayedNote(event.replayed) : ms(event.durationMs) + creditsNote(event.credits))}`;
    case 'step.skipped':
      return c.dim(`  – ${event.stepKey} skipped: ${event.reason}`);
    case 'step.failed':
      return event.caught
        ? c.yellow(`  ⚠ ${event.stepKey} ${event.error.code}, caught: ${event.error.message}`)
        : c.red(`  ✗ ${event.stepKey} ${event.error.code}: ${event.error.message}`);
    case 'run.finished': {
      const text = `${event.status} in ${ms(event.durationMs)}${creditsNote(runSpend(event.credits))}`;
      return event.status === 'succeeded' ? c.green(c.bold(`✓ ${text}`)) : c.red(c.bold(`✗ ${text}`));
    }
  }
}

function plainLine(event: RunEvent, ms: (v: number) => string): string | undefined {
  switch (event.type) {
    case 'run.started':
      return `run ${event.runId} of ${event.workflowId} ${event.resumed ? 'resumed' : 'started'}`;
    case 'step.started':
      return `step ${event.stepKey} started${event.attempt > 1 ? ` (attempt ${event.attempt})` : ''}`;
    case 'step.retrying':
      return `step ${event.stepKey} retrying in ${ms(event.delayMs)} after ${event.error.code}: ${event.error.message}`;
    case 'step.probed':
      return `step ${event.stepKey} probed after ${event.write}: ${probedNote(event.found)}`;
    case 'step.succeeded':
      return event.replayed
        ? `step ${event.stepKey} succeeded: ${replayedNote(event.replayed)}`
        : `step ${event.stepKey} succeeded in ${ms(event.durationMs)}${creditsNote(event.credits)}`;
    case 'step.skipped':
      return `step ${event.stepKey} skipped: ${event.reason}`;
    case 'step.failed':
      return `step ${event.stepKey} failed${event.caught ? ' (caught)' : ''}: ${event.error.code}: ${event.error.message}`;
    case 'run.finished':
      return `run ${event.status} in ${ms(event.durationMs)}${creditsNote(runSpend(event.credits))}`;
  }
}

/** What a step's probe said of a write whose outcome was unknown. */
function probedNote(found: boolean): string {
  return found ? 'its probe found it done' : 'its probe did not find it';
}

/** How a step succeeded without running again. */
function replayedNote(replayed: 'recorded' | 'probed'): string {
  return replayed === 'recorded'
    ? 'recorded before, not run again'
    : 'its probe found it done, not run again';
}

/** `, 3 credits` (`, ~3 credits` when estimated); nothing for a step or run that spent none. */
function creditsNote(credits: CreditSpend | undefined): string {
  if (!credits || credits.spent === 0) return '';
  const unit = credits.spent === 1 ? 'credit' : 'credits';
  return `, ${credits.estimated ? '~' : ''}${credits.spent} ${unit}`;
}

function runSpend(credits: RunCredits | undefined): CreditSpend | undefined {
  return credits && { spent: credits.total, estimated: credits.estimated };
}
