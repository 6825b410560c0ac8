import {
  type CompiledBinding,
  capturedDelivery,
  type Engine,
  type ExpressionLimits,
  eventsOfDelivery,
  loadBinding,
  mapEvent,
  type RunResult,
  TOKENS,
} from '@toolsteps/engine';
import { type StepErrorJson, toStepError } from '@toolsteps/sdk';
import { describeViolations, type SchemaViolation, schemaCheck } from '@toolsteps/sdk/schema';
import type { CliContext } from '../cli-context.js';
import { engineOnEmulators } from '../emulated-engine.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { reportsByFile } from '../file-reports.js';
import { integrationsUsed } from '../integrations-used.js';
import { printable } from '../printable.js';
import { progressReporter } from '../progress.js';
import { readJsonFile } from '../read-input.js';
import { runFailureLine } from '../run-failure.js';
import { openHostRuns } from '../triggers/host-runs.js';
import { reportInvalid } from './validate.js';

export interface TriggerTestOptions {
  event?: string;
  run?: boolean;
  accounts?: string;
  json?: boolean;
  /** With --run: the journal file; `false` (`--no-journal`) keeps the runs in memory only. */
  journal?: string | false;
}

/** What was tested: the trigger's sample, an event from a file, or the events a captured delivery makes. */
interface TestedEvents {
  source: 'sample' | 'event' | 'delivery';
  file?: string;
  events: unknown[];
  warnings: string[];
}

/** What the binding made of one event, and of its run with `--run`. */
interface EventOutcome {
  event: unknown;
  passed?: boolean;
  input?: unknown;
  violations?: SchemaViolation[];
  error?: StepErrorJson;
  run?: RunResult;
}

/**
 * `toolsteps trigger test <binding>`: the binding's filter and input mapping on the trigger's
 * sample (or an event, or a captured delivery through the trigger's own `match`), the input checked
 * against the workflow's input schema; with --run the workflow runs too, on emulators without --accounts,
 * journaled as `run` journals its runs.
 * Exits 0 when at least one event would start a run and every one that passes maps to a valid input
 * (and runs, with --run); 1 when none would start or one fails; 2 when the binding is invalid.
 */
export async function triggerTestCommand(
  file: string,
  options: TriggerTestOptions,
  cli: CliContext,
): Promise<number> {
  // Only runs are journaled: a test without --run writes nothing.
  const runs = await openHostRuns({ journal: options.run ? options.journal : false }, cli, 'trigger test');
  try {
    return await testWith(file, options, runs.cli);
  } finally {
    await runs.close();
  }
}

async function testWith(file: string, options: TriggerTestOptions, cli: CliContext): Promise<number> {
  const json = options.json ?? false;
  const vault = options.accounts ? await cli.openVault(options.accounts) : undefined;
  const engine = await cli.engine(vault);
  const loaded = await loadBinding(file, {
    registry: engine.registry,
    // Accounts are checked only against a given accounts file: without one, a run uses emulators.
    vault,
    limits: engine.container.get<ExpressionLimits>(TOKENS.ExpressionLimits),
  });
  if (!loaded.ok) return reportInvalid(reportsByFile(file, loaded.diagnostics), json, cli);
  const { binding } = loaded;
  const tested = await eventsToTest(binding, options.event);
  const outcomes: EventOutcome[] = [];
  for (const event of tested.events) outcomes.push(await outcomeOf(binding, event));
  if (options.run) await runPassing(binding, outcomes, engine, vault === undefined, json, cli);
  const ok =
    outcomes.some((outcome) => outcome.passed) &&
    outcomes.every(
      (outcome) =>
        outcome.error === undefined &&
        (outcome.violations ?? []).length === 0 &&
        (outcome.run === undefined || outcome.run.status === 'succeeded'),
    );
  if (json) {
    cli.output.json({
      binding: binding.id,
      trigger: binding.trigger.id,
      workflow: binding.workflow.id,
      source: tested.source,
      ...(tested.file === undefined ? {} : { file: tested.file }),
      warnings: tested.warnings,
      events: outcomes,
    });
  } else {
    report(binding, tested, outcomes, cli);
  }
  return ok ? EXIT.ok : EXIT.failed;
}

/** The events to test, from the sample, an event file or a captured delivery. */
async function eventsToTest(binding: CompiledBinding, eventFile: string | undefined): Promise<TestedEvents> {
  const { trigger } = binding;
  if (eventFile === undefined) return { source: 'sample', events: [trigger.sample], warnings: [] };
  const value = await readJsonFile(eventFile, 'event');
  const delivery = capturedDelivery(value);
  const checkEvent = schemaCheck(trigger.event);
  if (delivery !== undefined && trigger.delivery === 'webhook') {
    let events: unknown[];
    try {
      events = eventsOfDelivery(binding, delivery);
    } catch (error) {
      throw new UsageError(toStepError(error).message, EXIT.failed);
    }
    // What `match` makes should fit the trigger's own event schema; if not, the trigger has a bug.
    const warnings = events.flatMap((event, index) => {
      const violations = checkEvent(event);
      return violations.length === 0
        ? []
        : [
            `event ${index + 1} that ${trigger.id} made does not match its event schema: ${describeViolations(violations, 'event')}`,
          ];
    });
    return { source: 'delivery', file: eventFile, events, warnings };
  }
  const violations = checkEvent(value);
  if (delivery !== undefined && violations.length > 0) {
    throw new UsageError(
      `${eventFile} holds a captured delivery, but ${trigger.id} is a poll trigger: no delivery ever reaches it; give one event (\`toolsteps describe ${trigger.id}\` shows a sample)`,
    );
  }
  const warnings =
    violations.length === 0
      ? []
      : [
          `the event in ${eventFile} does not match the event schema of ${trigger.id}: ${describeViolations(violations, 'event')}; the mapping may read what a real event never has`,
        ];
  return { source: 'event', file: eventFile, events: [value], warnings };
}

async function outcomeOf(binding: CompiledBinding, event: unknown): Promise<EventOutcome> {
  try {
    const mapped = await mapEvent(binding, event);
    if (!mapped.passed) return { event, passed: false };
    return { event, passed: true, input: mapped.input, violations: mapped.violations };
  } catch (error) {
    return { event, error: toStepError(error, 'expression').toJSON() };
  }
}

/** Runs the workflow once per event that passed with a valid input, one after another. */
async function runPassing(
  binding: CompiledBinding,
  outcomes: EventOutcome[],
  engine: Engine,
  onEmulators: boolean,
  json: boolean,
  cli: CliContext,
): Promise<void> {
  const runnable = outcomes.filter(
    (outcome) => outcome.passed && outcome.error === undefined && (outcome.violations ?? []).length === 0,
  );
  if (runnable.length === 0) return;
  const emulated = onEmulators
    ? await engineOnEmulators(cli, engine, integrationsUsed(binding.workflow), "this binding's workflow")
    : undefined;
  const runner = emulated?.engine ?? engine;
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    for (const outcome of runnable) {
      outcome.run = await runner.run(binding.workflow, outcome.input, {
        // As `serve` runs it: for the binding's user. The emulators' demo accounts are of no user.
        ...(emulated === undefined && binding.user !== undefined ? { user: binding.user } : {}),
        signal: controller.signal,
        onEvent: json ? undefined : progressReporter(cli.output),
      });
      if (controller.signal.aborted) break;
    }
  } finally {
    process.off('SIGINT', onSignal);
    await emulated?.close();
  }
}

function report(
  binding: CompiledBinding,
  tested: TestedEvents,
  outcomes: EventOutcome[],
  cli: CliContext,
): void {
  const { output } = cli;
  const red = output.colors().red;
  const on = {
    sample: "the trigger's sample event",
    event: `the event in ${tested.file}`,
    delivery: `the delivery in ${tested.file}`,
  }[tested.source];
  // Ids come from the binding file, errors from the filter or the mapping: one line each.
  output.line(`Binding ${printable(binding.id)}: ${binding.trigger.id} on ${printable(on)}`);
  for (const warning of tested.warnings) output.error(`toolsteps: warning: ${printable(warning)}`);
  if (outcomes.length === 0) {
    output.error(
      red(
        `toolsteps: ${binding.trigger.id} made no event of this delivery for config ${JSON.stringify(binding.config)}: no workflow would start`,
      ),
    );
    return;
  }
  for (const [index, outcome] of outcomes.entries()) {
    const name = outcomes.length === 1 ? 'the event' : `event ${index + 1} of ${outcomes.length}`;
    if (outcome.error) {
      output.error(red(`toolsteps: ${name}: ${printable(outcome.error.message)}`));
      continue;
    }
    if (!outcome.passed) {
      output.line(`${name}: filtered out (the filter yielded false)`);
      continue;
    }
    output.line(`${name}: passes; workflow ${printable(binding.workflow.id)} would start with input:`);
    output.line(JSON.stringify(outcome.input, null, 2));
    if (outcome.violations && outcome.violations.length > 0) {
      output.error(
        red(
          `toolsteps: ${name}: the input does not match the input schema of workflow ${printable(binding.workflow.id)}: ${printable(describeViolations(outcome.violations, 'input'))}`,
        ),
      );
    }
    if (outcome.run) {
      if (outcome.run.output !== undefined) {
        output.line('output:');
        output.line(JSON.stringify(outcome.run.output, null, 2));
      }
      if (outcome.run.status !== 'succeeded') output.error(red(runFailureLine(outcome.run)));
    }
  }
  if (!outcomes.some((outcome) => outcome.passed || outcome.error))
    output.error(red('toolsteps: no event passed the filter: no workflow would start'));
}
