import type { Integration } from '@toolsteps/sdk';
import { whyNotIntegration } from './is-integration.js';
import { RegistryError } from './registry-error.js';

/** How a module is imported, given its URL: `import()` unless the caller compiles what Node cannot run. */
export type ImportModule = (url: string) => Promise<Record<string, unknown>>;

const nodeImport: ImportModule = (url) => import(url);

/** Imports a module and takes its Integration: the default export, or else a named `integration` export. */
export async function importIntegration(
  specifier: string,
  url: string,
  importModule: ImportModule = nodeImport,
): Promise<Integration> {
  let module: Record<string, unknown>;
  try {
    module = await importModule(url);
  } catch (error) {
    throw new RegistryError(
      'import-failed',
      `Integration module ${specifier} failed to import: ${(error as Error)?.message ?? String(error)}`,
      [specifier],
      { cause: error },
    );
  }
  const candidates = (['default', 'integration'] as const).filter((name) => module[name] !== undefined);
  for (const name of candidates) {
    if (whyNotIntegration(module[name]) === undefined) return module[name] as Integration;
  }
  const reason =
    candidates.length === 0
      ? 'it has neither a default export nor an export named "integration"'
      : `its ${candidates[0] === 'default' ? 'default export' : '"integration" export'} is not an Integration: ${whyNotIntegration(module[candidates[0]])}`;
  throw new RegistryError('not-an-integration', `Integration module ${specifier}: ${reason}`, [specifier]);
}
