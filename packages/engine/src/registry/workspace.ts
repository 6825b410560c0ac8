import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface PackageDir {
  name: string;
  dir: string;
}

/** The nearest folder at or above `from` that roots a monorepo: it has pnpm-workspace.yaml or a package.json with "workspaces". */
export async function findWorkspaceRoot(from: string): Promise<string | undefined> {
  for (let dir = from; ; dir = dirname(dir)) {
    if (await exists(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const manifest = await readJson(join(dir, 'package.json'));
    if (manifest && typeof manifest === 'object' && 'workspaces' in manifest) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The packages of a monorepo, read from `packages/<name>/package.json`. */
export async function workspacePackages(root: string): Promise<PackageDir[]> {
  const folder = join(root, 'packages');
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const found: PackageDir[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const dir = join(folder, entry.name);
    const manifest = (await readJson(join(dir, 'package.json'))) as { name?: unknown } | undefined;
    if (typeof manifest?.name === 'string') found.push({ name: manifest.name, dir });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Installed packages of a scope, nearest node_modules first, as Node would find them from `from`. */
export async function installedPackages(from: string, scope: string): Promise<PackageDir[]> {
  const found = new Map<string, PackageDir>();
  for (let dir = from; ; dir = dirname(dir)) {
    const folder = join(dir, 'node_modules', scope);
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const name = `${scope}/${entry.name}`;
      if (!found.has(name)) found.set(name, { name, dir: join(folder, entry.name) });
    }
    if (dirname(dir) === dir) break;
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

async function exists(file: string): Promise<boolean> {
  return readFile(file).then(
    () => true,
    () => false,
  );
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}
