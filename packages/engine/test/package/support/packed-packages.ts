import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
