import type { CliContext } from '../cli-context.js';
import { demoAccountsTable } from '../demo-accounts-table.js';
import { demoOAuthAppLines } from '../demo-oauth-apps.js';
import { emulatorAccountsDocument } from '../emulator-accounts-document.js';
import { checkEmulatorAccountsFileTarget, writeEmulatorAccountsFile } from '../emulator-accounts-file.js';
import { startEmulators } from '../emulators.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { parsePort } from '../triggers/listen.js';
import { untilInterrupted } from '../until-interrupted.js';

export interface EmulateCommandOptions {
  json?: boolean;
  /** Where to write the accounts file that reaches the emulators. */
  accountsOut?: string;
  /** The first emulator's port; the next ones take the ports after it. */
  port?: string;
  /** Host names besides loopback's the emulators answer to (`--allow-host`, repeatable). */
  allowHost?: string[];
  /** Hosts besides loopback that webhooks may be sent to (`--hook-host`, repeatable). */
  hookHost?: string[];
}

/**
 * `toolsteps emulate <integration…>`: starts emulators, prints their base URLs (and the control token
 * of those with control routes), every seeded user's demo account and an accounts file that reaches
 * them (or writes it with --accounts-out); stops on Ctrl-C (or SIGTERM). They answer loopback only,
 * and the hosts --allow-host names.
 */
export async function emulateCommand(
  integrations: string[],
  options: EmulateCommandOptions,
  cli: CliContext,
): Promise<number> {
  const port = options.port === undefined ? undefined : parsePort(options.port);
  const allowedHosts = await hostNames(options.allowHost, '--allow-host');
  const hookHosts = await hostNames(options.hookHost, '--hook-host');
  if (options.accountsOut !== undefined) await checkEmulatorAccountsFileTarget(options.accountsOut);
  const engine = await cli.engine();
  const emulators = await startEmulators(engine.registry, integrations, { port, allowedHosts, hookHosts });
  // Listening for Ctrl-C before printing: whoever reads the URLs may stop us at once.
  const interrupted = untilInterrupted();
  const document = emulatorAccountsDocument(emulators.sessions);
  try {
    if (options.accountsOut !== undefined) await writeEmulatorAccountsFile(options.accountsOut, document);
  } catch (error) {
    await emulators.close();
    throw error;
  }
  // Demo credentials are printed on purpose: they are public values valid only against these emulators.
  if (options.json) cli.output.line(JSON.stringify(document, null, 2));
  else {
    for (const session of emulators.sessions) {
      cli.output.line(`${session.integration} emulator: ${session.baseUrl}`);
      if (session.controlToken !== undefined)
        cli.output.line(
          `  its control routes (/_emulator/…) take Authorization: Bearer ${session.controlToken}`,
        );
    }
    cli.output.line('');
    cli.output.line('Demo accounts (public demo credentials: they open only these emulators):');
    for (const line of demoAccountsTable(emulators.sessions)) cli.output.line(line);
    cli.output.line('');
    const oauthApps = demoOAuthAppLines(emulators.sessions, engine.registry);
    if (oauthApps.length > 0) {
      cli.output.line(
        'Demo OAuth apps, to connect accounts through the emulators as `toolsteps connect` does:',
      );
      for (const line of oauthApps) cli.output.line(line);
      cli.output.line('');
    }
    if (options.accountsOut !== undefined) {
      cli.output.line(
        `Accounts file written to ${options.accountsOut}: pass --accounts ${options.accountsOut}`,
      );
    } else {
      cli.output.line(
        'Accounts file (save as accounts.json and pass --accounts accounts.json; --accounts-out FILE writes it):',
      );
      cli.output.line(JSON.stringify(document, null, 2));
    }
    if (emulators.sessions.some((session) => session.accounts.length > 1)) {
      // A file with two accounts of one integration would make every step that names none ambiguous.
      cli.output.line(
        'The file connects the default accounts, which steps naming no account use; to name another on a step, move it from "otherAccounts" into "accounts".',
      );
    }
    cli.output.line('');
    cli.output.line('Press Ctrl-C to stop.');
  }
  await interrupted;
  await emulators.close();
  return EXIT.ok;
}

/** Host names as given (each checked now: a typo is a usage error, not a refusal later). */
async function hostNames(names: string[] | undefined, option: string): Promise<string[] | undefined> {
  if (names === undefined || names.length === 0) return undefined;
  // Loaded here, not at start: the emulator kit (its web framework) is only for starting emulators.
  const { allowedHostnames } = await import('@toolsteps/emulator');
  try {
    return allowedHostnames(names, option);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
