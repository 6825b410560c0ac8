import type { StepRegistry } from '@toolsteps/engine';
import type { GlobalOptions } from './cli-context.js';
import type { CliIo } from './cli-io.js';

/** The ids of the loaded integrations that ship an emulator, in the registry's order. */
export function installedEmulators(registry: StepRegistry): string[] {
  return registry
    .integrations()
    .filter((integration) => integration.emulate !== undefined)
    .map((integration) => integration.id);
}

/**
 * The end of `emulate --help`: what can be emulated here, read from the integrations the config loads.
 * Empty when they cannot be loaded: the command itself then reports why.
 */
export async function installedEmulatorsHelp(global: GlobalOptions, io: CliIo): Promise<string> {
  try {
    // Loaded only to print this help: the engine is not needed to start the CLI.
    const { cliContext } = await import('./cli-context.js');
    const ids = installedEmulators((await cliContext(global, io).engine()).registry);
    return `\nEmulators installed: ${ids.join(', ') || 'none'}`;
  } catch {
    return '';
  }
}
