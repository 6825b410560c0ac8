import type { RunHistory, StepTrace } from '@toolsteps/engine';
import { RunReplay } from '@toolsteps/engine/adapters';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { oneRunId } from '../one-run-id.js';
import { withJournal } from '../open-journal.js';
import { printable } from '../printable.js';
import { runDuration } from './runs.js';

export interface RunShowOptions {
  journal?: string;
  redis?: string;
  json?: boolean;
}

/** `toolsteps runs show <id>`: one run whole, with the trace of the steps it recorded. */
export async function runShowCommand(id: string, options: RunShowOptions, cli: CliContext): Promise<number> {
  return withJournal(options, async (journal) => {
    const runId = await oneRunId(journal, id);
    const run = await journal.run(runId);
    if (run === undefined) throw new UsageError(`No run "${id}" is journaled`, EXIT.failed);
    const history = await journal.history(runId);
    const steps = history?.steps ?? [];
    const sent = history?.sent ?? [];
    if (options.json) {
      cli.output.json({ ...run, steps, sent });
      return EXIT.ok;
    }
    cli.output.line(`Run ${printable(run.id)} of ${printable(run.workflowId)}: ${run.status}`);
    const finished =
      run.finishedAt === undefined ? '' : `, finished ${new Date(run.finishedAt).toISOString()}`;
    cli.output.line(`  started ${new Date(run.startedAt).toISOString()}${finished} (${runDuration(run)})`);
    if (run.workflowHash)
      cli.output.line(
        `  workflow ${printable(run.workflowFile ?? run.workflowId)} sha256 ${run.workflowHash}`,
      );
    if (run.user !== undefined) cli.output.line(`  user: ${printable(run.user)}`);
    if (run.input !== undefined) cli.output.line(`  input: ${oneLine(run.input)}`);
    if (run.output !== undefined) cli.output.line(`  output: ${oneLine(run.output)}`);
    if (run.error) cli.output.line(`  error: ${run.error.code}: ${printable(run.error.message)}`);
    cli.output.line(`  ${steps.length} step${steps.length === 1 ? '' : 's'} recorded:`);
    for (const step of steps) for (const line of stepLines(step)) cli.output.line(`    ${line}`);
    if (history) for (const line of unsettledLines(history, run.id)) cli.output.line(`  ${line}`);
    return EXIT.ok;
  });
}

function stepLines(step: StepTrace): string[] {
  const attempts = `${step.attempts} attempt${step.attempts === 1 ? '' : 's'}`;
  const what = step.step ? ` (${printable(step.step)})` : '';
  const how = step.resolution
    ? `, settled as ${step.resolution} by an operator`
    : step.replayed === 'probed'
      ? ', found done by its probe'
      : '';
  const lines = [
    `${printable(step.stepKey)}${what}: ${step.status}, ${attempts}, ${step.durationMs} ms${how}`,
  ];
  if (step.account) lines.push(`  account: ${printable(step.account.name)} (${printable(step.account.id)})`);
  for (const request of step.requestLog ?? [])
    lines.push(`  ${printable(`${request.method} ${request.path}`)} ${request.status ?? 'no answer'}`);
  if (step.args !== undefined) lines.push(`  args: ${oneLine(step.args)}`);
  if (step.result !== undefined) lines.push(`  result: ${oneLine(step.result)}`);
  if (step.error) lines.push(`  error: ${step.error.code}: ${printable(step.error.message)}`);
  if (step.outcome) lines.push(`  outcome unknown: ${printable(step.outcomeReason ?? '')}`);
  return lines;
}

/** A recorded value on one line, made safe to print: it came from a third party. */
function oneLine(value: unknown): string {
  return printable(JSON.stringify(value));
}

/** Writes that may or may not have happened, and how to settle them: what an operator looks for. */
function unsettledLines(history: RunHistory, runId: string): string[] {
  const replay = new RunReplay(history);
  const keys = [...new Set(history.sent.map((write) => write.stepKey))];
  const lines: string[] = [];
  for (const key of keys) {
    const unsettled = replay.unsettled(key);
    if (!unsettled) continue;
    lines.push(`step ${printable(key)} sent, with no outcome recorded:`);
    for (const write of unsettled.writes)
      lines.push(`  ${printable(`${write.method} ${write.path}`)} at ${new Date(write.at).toISOString()}`);
    lines.push(
      `  settle it: toolsteps runs resolve ${printable(runId)} --step ${printable(key)} --as done|retry|failed`,
    );
  }
  return lines;
}
