import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';
import { publicUrlOption } from '../triggers/public-url.js';
import { storeOption } from '../triggers/store-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const triggerActivationCommand: typeof import('./trigger-activation.js').triggerActivationCommand = async (
  ...args
) => (await import('./trigger-activation.js')).triggerActivationCommand(...args);

export function addTriggerActivationCommands(trigger: Command, { action }: CommandKit): void {
  for (const verb of ['activate', 'deactivate'] as const) {
    trigger
      .command(verb)
      .description(
        verb === 'activate'
          ? 'register bindings at their third party (idempotent), without serving'
          : "remove bindings' registrations at their third party; their deliveries are refused from then on",
      )
      .argument('<bindings...>', 'binding files, or folders of *.binding.json files')
      .option('--accounts <file>', 'connected accounts file (required: hooks outlive the command)')
      .addOption(storeOption())
      .addOption(publicUrlOption())
      .addOption(jsonOption())
      .action(action((cli, paths: string[], options) => triggerActivationCommand(verb, paths, options, cli)));
  }
}
