import type { StepTrace } from '../../contracts/events.js';
import type { SqliteJournal } from '../../journal/sqlite-journal.js';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { withJournal } from '../open-journal.js';
import { printable } from '../printable.js';
import { runDuration } from './runs.js';

export interface RunShowOptions {
  journal?: string;
  json?: boolean;
}

/** `toolsteps runs show <id>`: one run whole, with the trace of the steps it recorded. */
export async function runShowCommand(id: string, options: RunShowOptions, cli: CliContext): Promise<number> {
  return withJournal(options.journal, async (journal) => {
    const runId = await oneRunId(journal, id);
    const run = await journal.run(runId);
    if (run === undefined) throw new UsageError(`No run "${id}" is journaled`, EXIT.failed);
    const steps = await journal.steps(runId);
    if (options.json) {
      cli.output.json({ ...run, steps });
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
    if (run.input !== undefined) cli.output.line(`  input: ${oneLine(run.input)}`);
    if (run.output !== undefined) cli.output.line(`  output: ${oneLine(run.output)}`);
    if (run.error) cli.output.line(`  error: ${run.error.code}: ${printable(run.error.message)}`);
    cli.output.line(`  ${steps.length} step${steps.length === 1 ? '' : 's'} recorded:`);
    for (const step of steps) for (const line of stepLines(step)) cli.output.line(`    ${line}`);
    return EXIT.ok;
  });
}

/** The run an id names, or the one run whose id starts with it. */
async function oneRunId(journal: SqliteJournal, id: string): Promise<string> {
  if (await journal.run(id)) return id;
  const found = await journal.runIdsStartingWith(id);
  if (found.length === 0) throw new UsageError(`No run "${id}" is journaled`, EXIT.failed);
  if (found.length > 1) throw new UsageError(`Several runs start with "${id}": give more of the id`);
  return found[0];
}

function stepLines(step: StepTrace): string[] {
  const attempts = `${step.attempts} attempt${step.attempts === 1 ? '' : 's'}`;
  const what = step.step ? ` (${printable(step.step)})` : '';
  const lines = [`${printable(step.stepKey)}${what}: ${step.status}, ${attempts}, ${step.durationMs} ms`];
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
