import { dirname, resolve } from 'node:path';
import type { Integration } from '@toolsteps/sdk';
import type { StepRegistry } from '../ports/services.js';
import { type IntegrationSource, registryOf } from './create-registry.js';
import { type ImportModule, importIntegration } from './import-integration.js';
import { findConfig, readConfig } from './read-config.js';
import { resolveModule } from './resolve-module.js';
import { findWorkspaceRoot, installedPackages, workspacePackages } from './workspace.js';

const STEP_PACKAGE = /^@toolsteps\/step-[a-z0-9][a-z0-9-]*$/;

export interface LoadRegistryOptions {
  /** Where the config and packages are looked for; default the process's working folder. */
  cwd?: string;
  /** A config file to use instead of looking for toolsteps.config.json from `cwd` upward. */
  configFile?: string;
  /** Integrations to load instead of any config: modules (resolved from `cwd`) or Integration objects. */
  integrations?: ReadonlyArray<string | Integration>;
  /** How integration modules are imported; default `import()` (the CLI compiles TypeScript files with tsx). */
  importModule?: ImportModule;
  /**
   * A folder whose installed `@toolsteps/step-*` packages are found too, after those around `cwd`: the
   * CLI names its own, so installed globally it finds the step packages installed beside it.
   */
  installedBeside?: string;
}

/**
 * Loads integrations from configuration, never by a name the engine knows. In order of precedence:
 * 1. `options.integrations`;
 * 2. `integrations` of toolsteps.config.json (paths relative to the config file's folder);
 * 3. every `@toolsteps/step-*` package: those of the monorepo around `cwd` (its `packages/*`), or,
 *    outside a monorepo, those installed in `node_modules/@toolsteps/` of `cwd` and the folders above;
 *    then, by the same rule, those around `installedBeside` that `cwd` has none of by name.
 */
export async function loadRegistry(options: LoadRegistryOptions = {}): Promise<StepRegistry> {
  const cwd = resolve(options.cwd ?? process.cwd());
  if (options.integrations) {
    const sources: IntegrationSource[] = [];
    for (const [index, item] of options.integrations.entries()) {
      sources.push(
        typeof item === 'string'
          ? await loadModule(item, cwd, options.importModule)
          : { integration: item, source: `integrations[${index}]` },
      );
    }
    return registryOf(sources);
  }
  const configFile = options.configFile ? resolve(cwd, options.configFile) : await findConfig(cwd);
  const config = configFile ? await readConfig(configFile) : undefined;
  if (config?.integrations)
    return registryOf(await loadModules(config.integrations, dirname(config.file), options.importModule));
  const sources: IntegrationSource[] = [];
  for (const [specifier, from] of await discoveredAround([cwd, options.installedBeside]))
    sources.push(await loadModule(specifier, from, options.importModule));
  return registryOf(sources);
}

/** Each step package discovered around the first folder, then the next: its name and where it was found. */
async function discoveredAround(folders: ReadonlyArray<string | undefined>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const folder of folders) {
    if (folder === undefined) continue;
    for (const name of await discoverStepPackages(resolve(folder)))
      if (!found.has(name)) found.set(name, folder);
  }
  return found;
}

/** The `@toolsteps/step-*` package names found around `cwd`, as `loadRegistry` discovers them. */
export async function discoverStepPackages(cwd: string): Promise<string[]> {
  const root = await findWorkspaceRoot(cwd);
  const packages = root ? await workspacePackages(root) : await installedPackages(cwd, '@toolsteps');
  return packages.map((found) => found.name).filter((name) => STEP_PACKAGE.test(name));
}

async function loadModules(
  specifiers: readonly string[],
  baseDir: string,
  importModule: ImportModule | undefined,
): Promise<IntegrationSource[]> {
  const sources: IntegrationSource[] = [];
  // One at a time, so the first broken module in the list is the one reported.
  for (const specifier of specifiers) sources.push(await loadModule(specifier, baseDir, importModule));
  return sources;
}

async function loadModule(
  specifier: string,
  baseDir: string,
  importModule: ImportModule | undefined,
): Promise<IntegrationSource> {
  const url = await resolveModule(specifier, baseDir);
  return { integration: await importIntegration(specifier, url, importModule), source: specifier };
}
