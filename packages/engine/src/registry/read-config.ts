import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RegistryError } from './registry-error.js';

export const CONFIG_FILE = 'toolsteps.config.json';

/** `toolsteps.config.json`: which integration modules to load (package names or paths relative to the file). */
export interface ToolstepsConfig {
  file: string;
  integrations?: string[];
  /** What the host is entitled to at third parties (e.g. `zendesk.enterprise`): see `Entitlements`. */
  entitlements?: string[];
}

/** The config file in `from` or the nearest folder above it. */
export async function findConfig(from: string): Promise<string | undefined> {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, CONFIG_FILE);
    const found = await readFile(file).then(
      () => true,
      () => false,
    );
    if (found) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Reads the config; other tools may keep their own keys in it, so only the engine's keys are checked here. */
export async function readConfig(file: string): Promise<ToolstepsConfig> {
  const invalid = (reason: string, cause?: unknown) =>
    new RegistryError('config-invalid', `Config file ${file}: ${reason}`, [file], { cause });
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw invalid(
      `cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      error,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalid(`not valid JSON: ${(error as Error).message}`, error);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw invalid('must hold a JSON object');
  const { integrations, entitlements } = parsed as { integrations?: unknown; entitlements?: unknown };
  if (integrations !== undefined && !isListOfNames(integrations)) {
    throw invalid(
      '"integrations" must be an array of package names or module paths, e.g. ["@toolsteps/step-github"]',
    );
  }
  if (entitlements !== undefined && !isListOfNames(entitlements)) {
    throw invalid('"entitlements" must be an array of entitlement ids, e.g. ["zendesk.enterprise"]');
  }
  return {
    file,
    ...(integrations === undefined ? {} : { integrations }),
    ...(entitlements === undefined ? {} : { entitlements }),
  };
}

function isListOfNames(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && item.trim() !== '');
}
