import { stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RegistryError } from './registry-error.js';
import { findWorkspaceRoot, workspacePackages } from './workspace.js';

/**
 * Turns a configured module into a URL to import. Paths are taken relative to `baseDir`; package
 * names are resolved as Node would from `baseDir`, then among the packages of its monorepo (a
 * workspace root rarely depends on its own step packages, yet its config names them).
 */
export async function resolveModule(specifier: string, baseDir: string): Promise<string> {
  if (specifier.startsWith('file:')) return specifier;
  if (isAbsolute(specifier) || specifier.startsWith('./') || specifier.startsWith('../')) {
    const file = resolve(baseDir, specifier);
    const found = await stat(file).then(
      (info) => info.isFile(),
      () => false,
    );
    if (!found)
      throw new RegistryError(
        'module-not-found',
        `Integration module ${specifier} not found: no file ${file}`,
        [specifier],
      );
    return pathToFileURL(file).href;
  }
  const resolveLikeNode = await nodeResolution();
  try {
    return resolveLikeNode(specifier, pathToFileURL(join(baseDir, 'index.js')).href);
  } catch (error) {
    const url = await resolveInWorkspace(specifier, baseDir);
    if (url) return url;
    throw new RegistryError(
      'module-not-found',
      `Integration package ${specifier} not found from ${baseDir} (${firstLine(error)}): install it, or list it by path in toolsteps.config.json`,
      [specifier],
      { cause: error },
    );
  }
}

async function resolveInWorkspace(specifier: string, baseDir: string): Promise<string | undefined> {
  const root = await findWorkspaceRoot(baseDir);
  if (root === undefined) return undefined;
  const name = packageName(specifier);
  const owner = (await workspacePackages(root)).find((candidate) => candidate.name === name);
  if (owner === undefined) return undefined;
  const resolveLikeNode = await nodeResolution();
  try {
    // A package may import itself by name through its "exports": resolve from inside it.
    return resolveLikeNode(specifier, pathToFileURL(join(owner.dir, 'package.json')).href);
  } catch (error) {
    throw new RegistryError(
      'module-not-found',
      `Integration package ${specifier} is in the workspace (${owner.dir}) but its entry cannot be resolved: ${firstLine(error)}`,
      [specifier],
      { cause: error },
    );
  }
}

/** Node's resolution (import-meta-resolve), loaded when a package name is first resolved. */
async function nodeResolution(): Promise<(specifier: string, parent: string) => string> {
  return (await import('import-meta-resolve')).resolve;
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0];
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
