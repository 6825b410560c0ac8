import { type Command, Option } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { installedEmulatorsHelp } from '../installed-emulators.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const emulateCommand: typeof import('./emulate.js').emulateCommand = async (...args) =>
  (await import('./emulate.js')).emulateCommand(...args);

export function addEmulateCommand(program: Command, { action, globalOptions, io }: CommandKit): void {
  const emulate = program
    .command('emulate')
    .description('start emulators, print their URLs and demo accounts, stop on Ctrl-C')
    .argument('<integrations...>', 'integration ids (the installed emulators are listed below)')
    .option(
      '--accounts-out <file>',
      'write the accounts file that reaches the emulators (owner-only); replaces only a file emulate wrote',
    )
    .option(
      '--port <n>',
      'the first emulator listens on this port, the next ones on the ports after it (default: free ports)',
    )
    .option(
      '--allow-host <name>',
      'also answer requests addressed to this host name, e.g. the one a proxy in a container forwards (repeatable; default loopback only)',
      (name: string, names: string[]) => [...names, name],
      [] as string[],
    )
    .option(
      '--hook-host <name>',
      'also send webhooks to hooks on this host (repeatable; default loopback only)',
      (name: string, names: string[]) => [...names, name],
      [] as string[],
    )
    .addOption(
      new Option('--json', 'print the accounts file, which --accounts also takes, as one JSON document'),
    )
    .action(action((cli, integrations: string[], options) => emulateCommand(integrations, options, cli)));
  // The installed emulators are known once the registry loads, which help alone would not wait for.
  program.hook('preSubcommand', async (_program, command) => {
    if (command === emulate) emulate.addHelpText('after', await installedEmulatorsHelp(globalOptions(), io));
  });
}
