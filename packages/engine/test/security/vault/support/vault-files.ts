import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '@toolsteps/sdk';

/** A temporary folder holding one accounts file, written with the mode a user's editor would give it. */
export interface VaultFolder {
  dir: string;
  path: string;
  files(): Promise<string[]>;
  /** Permission bits only, e.g. 0o600. */
  mode(name?: string): Promise<number>;
  remove(): Promise<void>;
}

export async function vaultFolder(content: unknown, mode = 0o644): Promise<VaultFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'toolsteps-vault-security-'));
  const path = join(dir, 'accounts.json');
  await writeFile(path, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  await chmod(path, mode);
  return {
    dir,
    path,
    files: async () => (await readdir(dir)).sort(),
    mode: async (name = 'accounts.json') => (await stat(join(dir, name))).mode & 0o777,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A logger that keeps what it is told, to assert on warnings (and that no secret is in them). */
export function recordingLogger(): Logger & {
  entries: Array<{ level: string; message: string; fields?: unknown }>;
} {
  const entries: Array<{ level: string; message: string; fields?: unknown }> = [];
  const record =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      entries.push({ level, message, fields });
    };
  return {
    entries,
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
}
