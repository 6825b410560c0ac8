import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The workspace's packages a user installs: every one under packages/, as published. */
export const PUBLISHED = [
  'sdk',
  'emulator',
  'engine',
  'sqlite',
  'redis',
  'mcp',
  'cli',
  'step-zendesk',
  'step-github',
  'step-enrichment',
  'step-admin',
] as const;
export type PublishedPackage = (typeof PUBLISHED)[number];

export const PACKAGES_DIR = resolve(import.meta.dirname, '../../../..');

export interface PackedPackages {
  /** Where the tarballs are. */
  readonly folder: string;
  /** The tarball of each package, as `pnpm pack` makes it (workspace: ranges replaced by versions). */
  readonly tarballs: Record<PublishedPackage, string>;
  remove(): Promise<void>;
}

/** Packs every published package from its built dist/ (`pnpm test` builds first) into a temporary folder. */
export async function packPackages(): Promise<PackedPackages> {
  const folder = await mkdtemp(join(tmpdir(), 'toolsteps-packed-'));
  const tarballs = {} as Record<PublishedPackage, string>;
  for (const name of PUBLISHED) {
    const destination = join(folder, name);
    await run('pnpm', ['pack', '--pack-destination', destination], { cwd: join(PACKAGES_DIR, name) });
    const [file] = await readdir(destination);
    tarballs[name] = join(destination, file);
  }
  return { folder, tarballs, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * The packages an agent runtime installs to embed the engine with the GitHub steps, ours from their
 * tarballs: the sdk too (a peer npm would fetch from the registry), and the emulator kit, an optional
 * peer, only when the runtime runs the GitHub emulator (`@toolsteps/step-github/testing`).
 */
export function runtimeDependencies(
  packed: PackedPackages,
  { emulator }: { emulator: boolean },
): Record<string, string> {
  const { tarballs } = packed;
  return {
    '@toolsteps/engine': `file:${tarballs.engine}`,
    '@toolsteps/sdk': `file:${tarballs.sdk}`,
    '@toolsteps/step-github': `file:${tarballs['step-github']}`,
    ...(emulator ? { '@toolsteps/emulator': `file:${tarballs.emulator}` } : {}),
  };
}

/**
 * An agent runtime's own project in a new temporary folder: `dependencies` installed with npm
 * (`--ignore-scripts`), the registry's packages from the registry and ours from their tarballs.
 */
export async function installRuntime(
  dependencies: Record<string, string>,
  devDependencies: Record<string, string> = {},
): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), 'toolsteps-runtime-'));
  const ours = Object.keys(dependencies).filter((name) => name.startsWith('@toolsteps/'));
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'agent-runtime',
      private: true,
      type: 'module',
      dependencies,
      devDependencies,
      // The packages depend on each other by version: take those from the tarballs, not the registry.
      overrides: Object.fromEntries(ours.map((name) => [name, `$${name}`])),
    }),
  );
  await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: project,
  });
  return project;
}
