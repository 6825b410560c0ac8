import type { Engine } from '@toolsteps/engine';
import type { CliContext } from './cli-context.js';
import { DemoVault } from './demo-vault.js';
import { startEmulators } from './emulators.js';
import { UsageError } from './exit-codes.js';

/** An engine whose vault holds the demo accounts of running emulators, and how to stop them. */
export interface EmulatedEngine {
  engine: Engine;
  /** Where each emulator listens, to reach it beside the engine (e.g. to make the event a trigger waits for). */
  emulators: Array<{ integration: string; baseUrl: string }>;
  close(): Promise<void>;
}

/**
 * Starts the emulators of the integrations a run uses and an engine that reaches them with demo
 * accounts; says so on stderr (even with --json): results from emulators must never pass for real ones.
 */
export async function engineOnEmulators(
  cli: CliContext,
  engine: Engine,
  integrations: string[],
  what: string,
): Promise<EmulatedEngine> {
  const emulators = await startEmulators(engine.registry, integrations).catch((error: unknown) => {
    throw error instanceof UsageError
      ? new UsageError(`${error.message}: pass --accounts <file> to run ${what} with connected accounts`)
      : error;
  });
  for (const account of emulators.accounts) cli.scrubber.addCredentials(account.credentials);
  if (integrations.length > 0) {
    const where = emulators.sessions.map((s) => `${s.integration} at ${s.baseUrl}`).join(', ');
    cli.output.note(`No --accounts given: running against local emulators with demo accounts (${where})`);
  }
  try {
    return {
      engine: await cli.engine(new DemoVault(emulators.accounts)),
      emulators: emulators.sessions.map(({ integration, baseUrl }) => ({ integration, baseUrl })),
      close: emulators.close,
    };
  } catch (error) {
    await emulators.close();
    throw error;
  }
}
