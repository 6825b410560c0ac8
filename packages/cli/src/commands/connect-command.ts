import { type Command, Option } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { DEFAULT_CONNECT_TIMEOUT } from '../connect/default-connect-timeout.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const connectCommand: typeof import('./connect.js').connectCommand = async (...args) =>
  (await import('./connect.js')).connectCommand(...args);

const collect = (value: string, values: string[] = []) => [...values, value];

export function addConnectCommand(program: Command, { action, io }: CommandKit): void {
  program
    .command('connect')
    .description(
      'connect an account (OAuth in the browser or by device code, or an API key) and store it in an accounts file',
    )
    .argument('<integration>', 'the integration id, e.g. github')
    .requiredOption('--accounts <file>', 'the accounts file to store it in (created, owner-only, if missing)')
    .option('--user <name>', 'the end user the account belongs to (default: an account of no user)')
    .option('--setting <name=value>', 'an account setting, e.g. subdomain=acme (repeatable)', collect)
    .option('--name <name>', 'the account name (default: the one the provider gives, e.g. the login)')
    .option('--reconnect <account>', "replace this account's credentials in place (same id and name)")
    .option('--device', 'OAuth by device code: enter a code on the provider page instead of a callback')
    .option('--client-id <id>', "the OAuth app's client id (default: TOOLSTEPS_<INTEGRATION>_CLIENT_ID)")
    .option(
      '--client-secret-file <file>',
      "the OAuth app's client secret, read from this file (default: TOOLSTEPS_<INTEGRATION>_CLIENT_SECRET)",
    )
    .option('--port <n>', 'the loopback port of the browser callback (default: a free one)')
    .option('--api-key-file <file>', 'an API-key integration: the key, read from this file')
    .option('--api-key-stdin', 'an API-key integration: read the key from stdin (typed without echo)')
    .option(
      '--timeout <duration>',
      `how long to wait for the approval, e.g. 90s or 10m (default ${DEFAULT_CONNECT_TIMEOUT}, at most 1h)`,
    )
    .addOption(
      new Option('--json', 'print JSON lines: the URL (or code) to approve first, then {"account": …}'),
    )
    // Accepted only to be refused with a reason: a secret as an argument shows in `ps`.
    .addOption(new Option('--api-key <key>').hideHelp())
    .addOption(new Option('--client-secret <secret>').hideHelp())
    .action(
      action((cli, integration: string, options) =>
        connectCommand(integration, options, cli, io.stdin ?? (() => process.stdin)),
      ),
    );
}
