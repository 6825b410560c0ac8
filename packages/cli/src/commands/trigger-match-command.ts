import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const triggerMatchCommand: typeof import('./trigger-match.js').triggerMatchCommand = async (...args) =>
  (await import('./trigger-match.js')).triggerMatchCommand(...args);

export function addTriggerMatchCommand(trigger: Command, { action }: CommandKit): void {
  trigger
    .command('match')
    .description('which webhook triggers captured deliveries fire, and the events each makes')
    .argument('<deliveries...>', 'captured delivery JSON files {"headers": {…}, "body": {…}}')
    .option('--integration <id>', 'only the triggers of one integration')
    .option('--login <login>', 'the login of triggers that take one (github.new_mention)')
    .option(
      '--set <key=value>',
      "a value of the triggers' config, as a binding gives it, e.g. --set owner=octo-org (repeatable)",
      (pair: string, pairs: string[]) => [...pairs, pair],
      [] as string[],
    )
    .addOption(jsonOption())
    .action(action((cli, files: string[], options) => triggerMatchCommand(files, options, cli)));
}
