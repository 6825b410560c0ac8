import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { runJsonOption } from '../json-options.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const triggerTestCommand: typeof import('./trigger-test.js').triggerTestCommand = async (...args) =>
  (await import('./trigger-test.js')).triggerTestCommand(...args);

/** The binding's diagnostics and its workflow's, each under its own file. */

export function addTriggerTestCommand(trigger: Command, { action }: CommandKit): void {
  trigger
    .command('test')
    .description(
      "evaluate a binding's filter and input mapping on the trigger's sample, an event or a captured delivery",
    )
    .argument('<binding>', 'binding JSON file')
    .option(
      '--event <file>',
      'an event, or a captured delivery {"headers": {…}, "body": {…}}, instead of the sample',
    )
    .option('--run', 'also run the workflow for each event that passes; without --accounts on emulators')
    .option(
      '--accounts <file>',
      'connected accounts file: checks the binding account and runs with real accounts',
    )
    .option('--journal <path>', 'with --run: the run journal (SQLite), default .toolsteps/runs.sqlite')
    .option('--no-journal', 'with --run: keep the runs in memory only')
    .addOption(runJsonOption())
    .action(action((cli, file: string, options) => triggerTestCommand(file, options, cli)));
}
