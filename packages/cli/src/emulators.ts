import type { StepRegistry } from '@toolsteps/engine';
import type { ConnectedAccount, EmulateOptions, EmulatorSession, Integration } from '@toolsteps/sdk';
import { UsageError } from './exit-codes.js';
import { installedEmulators } from './installed-emulators.js';

/** Emulators started for a command, and the demo accounts that reach them. */
export interface RunningEmulators {
  sessions: EmulatorSession[];
  accounts: ConnectedAccount[];
  close(): Promise<void>;
}

export interface StartEmulatorsOptions {
  /**
   * The first emulator's port; the next ones take the ports after it, in the order named, so a
   * saved accounts file stays valid across restarts. Default (and 0): each a free port.
   */
  port?: number;
  /** Host names besides loopback's that every emulator answers to (`--allow-host`). */
  allowedHosts?: string[];
  /** Hosts besides loopback that emulators sending webhooks may send them to (`--hook-host`). */
  hookHosts?: string[];
}

/** Starts the emulator of each named integration; fails before starting any if one has none. */
export async function startEmulators(
  registry: StepRegistry,
  integrationIds: string[],
  options: StartEmulatorsOptions = {},
): Promise<RunningEmulators> {
  // Each emulator once: two of one integration would print two demo accounts with the same id.
  const integrations = [...new Set(integrationIds)].map((id) => emulatedIntegration(registry, id));
  const first = options.port ?? 0;
  if (first > 0 && first + integrations.length - 1 > 65_535) {
    throw new UsageError(
      `--port ${first} leaves no room for ${integrations.length} emulators (they take consecutive ports up to 65535)`,
    );
  }
  const sessions: EmulatorSession[] = [];
  const close = async () => {
    await Promise.all(sessions.map((session) => session.close()));
  };
  const hosts: EmulateOptions = {
    ...(options.allowedHosts?.length ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.hookHosts?.length ? { hookHosts: options.hookHosts } : {}),
  };
  try {
    for (const [index, integration] of integrations.entries()) {
      const port = first > 0 ? first + index : undefined;
      sessions.push(await startOn(integration, port, hosts));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { sessions, accounts: sessions.flatMap((s) => s.accounts), close };
}

function emulatedIntegration(registry: StepRegistry, id: string): Integration {
  const integration = registry.integration(id);
  if (!integration) {
    const known = registry
      .integrations()
      .map((i) => i.id)
      .join(', ');
    throw new UsageError(`No integration "${id}" is installed (installed: ${known || 'none'})`);
  }
  if (!integration.emulate) {
    const emulators = installedEmulators(registry).join(', ') || 'none';
    throw new UsageError(
      `The ${integration.title} integration has no emulator (emulators installed: ${emulators})`,
    );
  }
  return integration;
}

/** One emulator, on `port` when given; a port it cannot take is the user's to change. */
async function startOn(
  integration: Integration,
  port: number | undefined,
  hosts: EmulateOptions,
): Promise<EmulatorSession> {
  let session: EmulatorSession;
  try {
    session = await integration.emulate!(port === undefined ? hosts : { ...hosts, port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (port !== undefined && (code === 'EADDRINUSE' || code === 'EACCES')) {
      const why = code === 'EADDRINUSE' ? 'is in use' : 'needs privileges this process lacks';
      throw new UsageError(
        `Port ${port} on 127.0.0.1 ${why}, so the ${integration.id} emulator cannot listen there: pass another --port, or none for free ports`,
      );
    }
    throw error;
  }
  // An emulator written before ports could be chosen starts on a free one: the file would lie.
  if (port !== undefined && new URL(session.baseUrl).port !== String(port)) {
    await session.close();
    throw new UsageError(
      `The ${integration.id} emulator does not take a port (it listened at ${session.baseUrl}): leave out --port`,
    );
  }
  return session;
}
