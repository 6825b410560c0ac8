import type { CredentialVault } from '../../src/ports/credential-vault.js';
import { createRegistry } from '../../src/registry/index.js';
import { type Diagnostic, loadWorkflow } from '../../src/workflow/index.js';
import { integration as code } from '../fixtures/validation/code-integration.js';
import tickets from '../fixtures/validation/tickets-integration.js';

/** The catalog the validation tests load against: `tickets.*` (stable) and `code.*` (beta). */
export const registry = createRegistry([tickets, code]);

/** Pretty-printed JSON, as people write workflow files. */
export function text(workflow: unknown): string {
  return JSON.stringify(workflow, null, 2);
}

/** Loads a workflow that must fail and returns its diagnostics. */
export async function problemsOf(
  source: string,
  options: { vault?: CredentialVault } = {},
): Promise<Diagnostic[]> {
  const result = await loadWorkflow({ text: source, file: 'flow.json' }, { registry, ...options });
  if (result.ok) throw new Error('expected the workflow to be refused');
  return result.diagnostics;
}

/** 1-based line and column where `snippet` first occurs in `source`, plus `shift` characters. */
export function positionOf(source: string, snippet: string, shift = 0): { line: number; column: number } {
  const index = source.indexOf(snippet);
  if (index === -1) throw new Error(`${snippet} is not in the text`);
  const before = source.slice(0, index + shift).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
