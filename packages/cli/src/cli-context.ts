import { fileURLToPath } from 'node:url';
import {
  type CredentialVault,
  createEngine,
  type Engine,
  type EngineOptions,
  FileVault,
  ValueSecretScrubber as SecretScrubber,
  type SharedAccountLimits,
} from '@toolsteps/engine';
import { silentLogger } from '@toolsteps/sdk';
import { checkAccountIntegrations } from './account-integrations.js';
import type { CliIo } from './cli-io.js';
import { importTypeScriptToo } from './import-typescript-too.js';
import { Output } from './output.js';

/** The CLI's own package folder (this file is in its src/ or dist/). */
const CLI_PACKAGE = fileURLToPath(new URL('..', import.meta.url));

/** Options every command shares. */
export interface GlobalOptions {
  /** A toolsteps.config.json naming the integrations to load. */
  config?: string;
}

/** What a command works with: one scrubber shared by the engine and the terminal output. */
export interface CliContext {
  output: Output;
  scrubber: SecretScrubber;
  /** `journal`: where runs are recorded; default in memory. */
  engine(
    vault?: CredentialVault,
    options?: Pick<EngineOptions, 'journal' | 'refreshLock' | 'oauthClients' | 'authorizationLifetimeMs'> &
      SharedAccountLimits,
  ): Promise<Engine>;
  /** `create`: a missing file is no error; the first account connected creates it (owner-only). */
  openVault(path: string, options?: { create?: boolean }): Promise<CredentialVault>;
}

export function cliContext(global: GlobalOptions, io: CliIo): CliContext {
  const scrubber = new SecretScrubber();
  const output = new Output(scrubber, io.stdout, io.stderr);
  // The file each opened vault came from: its accounts are checked once the registry is known.
  const accountsFiles = new WeakMap<CredentialVault, string>();
  return {
    output,
    scrubber,
    engine: async (vault, options) => {
      const engine = await createEngine({
        configFile: global.config,
        importModule: importTypeScriptToo,
        // Installed globally, the CLI finds the step packages installed beside it, from any folder.
        installedBeside: CLI_PACKAGE,
        vault,
        secretScrubber: scrubber,
        journal: options?.journal,
        sharedRateLimits: options?.sharedRateLimits,
        sharedConcurrency: options?.sharedConcurrency,
        sharedQuotas: options?.sharedQuotas,
        refreshLock: options?.refreshLock,
        oauthClients: options?.oauthClients,
        authorizationLifetimeMs: options?.authorizationLifetimeMs,
        // A CLI run is read by a person afterwards (`runs show`, --json): its traces list their requests.
        traceRequests: true,
      });
      const file = vault && accountsFiles.get(vault);
      if (vault && file !== undefined) await checkAccountIntegrations(vault, file, engine.registry);
      return engine;
    },
    openVault: async (path, options) => {
      // The vault's warnings (e.g. refreshed tokens kept in memory only) go where the CLI's notes go.
      const logger = {
        ...silentLogger,
        warn: (message: string) => output.note(`toolsteps: warning: ${message}`),
      };
      const vault = await FileVault.open(path, { logger, create: options?.create });
      // Every secret of the file is scrubbed, not only those of accounts a run touches.
      for (const summary of await vault.list())
        scrubber.addCredentials((await vault.get({ id: summary.id, user: summary.user })).credentials);
      accountsFiles.set(vault, path);
      return vault;
    },
  };
}
