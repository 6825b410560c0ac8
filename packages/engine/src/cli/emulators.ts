import type { ConnectedAccount } from '../contracts/account.js';
import type { EmulatorSession } from '../contracts/integration.js';
import type { StepRegistry } from '../contracts/services.js';
import { UsageError } from './exit-codes.js';

/** Emulators started for a command, and the demo accounts that reach them. */
export interface RunningEmulators {
  sessions: EmulatorSession[];
  accounts: ConnectedAccount[];
  close(): Promise<void>;
}

/** Starts the emulator of each named integration; fails before starting any if one has none. */
export async function startEmulators(
  registry: StepRegistry,
  integrationIds: string[],
): Promise<RunningEmulators> {
  // Each emulator once: two of one integration would print two demo accounts with the same id.
  const integrations = [...new Set(integrationIds)].map((id) => {
    const integration = registry.integration(id);
    if (!integration) {
      const known = registry
        .integrations()
        .map((i) => i.id)
        .join(', ');
      throw new UsageError(`No integration "${id}" is installed (installed: ${known || 'none'})`);
    }
    if (!integration.emulate) throw new UsageError(`The ${integration.title} integration has no emulator`);
    return integration;
  });
  const sessions: EmulatorSession[] = [];
  const close = async () => {
    await Promise.all(sessions.map((session) => session.close()));
  };
  try {
    for (const integration of integrations) sessions.push(await integration.emulate!());
  } catch (error) {
    await close();
    throw error;
  }
  return { sessions, accounts: sessions.flatMap((s) => s.accounts), close };
}
