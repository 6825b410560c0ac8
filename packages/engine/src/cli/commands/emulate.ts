import type { CliContext } from '../cli-context.js';
import { demoAccountsTable } from '../demo-accounts-table.js';
import { emulatorAccountsDocument } from '../emulator-accounts-document.js';
import { checkEmulatorAccountsFileTarget, writeEmulatorAccountsFile } from '../emulator-accounts-file.js';
import { startEmulators } from '../emulators.js';
import { EXIT } from '../exit-codes.js';
import { parsePort } from '../triggers/listen.js';
import { untilInterrupted } from '../until-interrupted.js';

export interface EmulateCommandOptions {
  json?: boolean;
  /** Where to write the accounts file that reaches the emulators. */
  accountsOut?: string;
  /** The first emulator's port; the next ones take the ports after it. */
  port?: string;
}

/**
 * `toolsteps emulate <integration…>`: starts emulators, prints their base URLs, every seeded user's
 * demo account and an accounts file that reaches them (or writes it with --accounts-out); stops on
 * Ctrl-C (or SIGTERM).
 */
export async function emulateCommand(
  integrations: string[],
  options: EmulateCommandOptions,
  cli: CliContext,
): Promise<number> {
  const port = options.port === undefined ? undefined : parsePort(options.port);
  if (options.accountsOut !== undefined) await checkEmulatorAccountsFileTarget(options.accountsOut);
  const engine = await cli.engine();
  const emulators = await startEmulators(engine.registry, integrations, { port });
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
    for (const session of emulators.sessions)
      cli.output.line(`${session.integration} emulator: ${session.baseUrl}`);
    cli.output.line('');
    cli.output.line('Demo accounts (public demo credentials: they open only these emulators):');
    for (const line of demoAccountsTable(emulators.sessions)) cli.output.line(line);
    cli.output.line('');
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
