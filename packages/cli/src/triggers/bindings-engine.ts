import {
  type CompiledBinding,
  type Engine,
  type ExpressionLimits,
  loadBinding,
  TOKENS,
} from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { engineOnEmulators } from '../emulated-engine.js';
import { type FileReport, reportsByFile } from '../file-reports.js';
import { integrationsUsed } from '../integrations-used.js';
import { bindingPaths } from './binding-paths.js';

/** Bindings loaded from files, and the engine that runs them: on connected accounts or on emulators. */
export interface BindingsEngine {
  engine: Engine;
  bindings: CompiledBinding[];
  /** Emulators started for this command (no --accounts), and where they listen; none on real accounts. */
  emulators?: Array<{ integration: string; baseUrl: string }>;
  /** Stops the emulators, if any. */
  close(): Promise<void>;
}

export type LoadedBindings = { ok: true; value: BindingsEngine } | { ok: false; reports: FileReport[] };

/**
 * Loads every binding file (folders give their `*.binding.json`), reporting every problem of every
 * file together; then an engine on the accounts file, or on the emulators of every integration the
 * bindings watch or their workflows use.
 */
export async function loadBindingsEngine(
  paths: readonly string[],
  accounts: string | undefined,
  cli: CliContext,
): Promise<LoadedBindings> {
  const files = await bindingPaths(paths);
  const vault = accounts === undefined ? undefined : await cli.openVault(accounts);
  const engine = await cli.engine(vault);
  const limits = engine.container.get<ExpressionLimits>(TOKENS.ExpressionLimits);
  const bindings: CompiledBinding[] = [];
  const reports: FileReport[] = [];
  for (const file of files) {
    const loaded = await loadBinding(file, { registry: engine.registry, vault, limits });
    if (loaded.ok) bindings.push(loaded.binding);
    else reports.push(...reportsByFile(file, loaded.diagnostics));
  }
  if (reports.length > 0) return { ok: false, reports };
  if (vault !== undefined) return { ok: true, value: { engine, bindings, close: async () => {} } };

  const integrations = bindings.flatMap((binding) => [
    binding.integration.id,
    ...integrationsUsed(binding.workflow),
  ]);
  const emulated = await engineOnEmulators(cli, engine, integrations, 'these bindings');
  const { emulators, close } = emulated;
  return { ok: true, value: { engine: emulated.engine, bindings, emulators, close } };
}
