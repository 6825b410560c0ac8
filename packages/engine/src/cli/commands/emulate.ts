import type { CliContext } from '../cli-context.js';
import { startEmulators } from '../emulators.js';
import { EXIT } from '../exit-codes.js';
import { untilInterrupted } from '../until-interrupted.js';

/**
 * `toolsteps emulate <integration…>`: starts emulators and prints their base URLs and an accounts
 * file that reaches them; stops on Ctrl-C (or SIGTERM).
 */
export async function emulateCommand(
  integrations: string[],
  options: { json?: boolean },
  cli: CliContext,
): Promise<number> {
  const engine = await cli.engine();
  const emulators = await startEmulators(engine.registry, integrations);
  // Listening for Ctrl-C before printing: whoever reads the URLs may stop us at once.
  const interrupted = untilInterrupted();
  const accountsFile = { accounts: emulators.accounts };
  if (options.json) {
    cli.output.line(
      JSON.stringify(
        {
          emulators: emulators.sessions.map(({ integration, baseUrl }) => ({ integration, baseUrl })),
          ...accountsFile,
        },
        null,
        2,
      ),
    );
  } else {
    for (const session of emulators.sessions)
      cli.output.line(`${session.integration} emulator: ${session.baseUrl}`);
    cli.output.line('');
    cli.output.line('Demo accounts (save as accounts.json and pass --accounts accounts.json):');
    // Demo credentials are printed on purpose: they are valid only against these emulators.
    cli.output.line(JSON.stringify(accountsFile, null, 2));
    cli.output.line('');
    cli.output.line('Press Ctrl-C to stop.');
  }
  await interrupted;
  await emulators.close();
  return EXIT.ok;
}
