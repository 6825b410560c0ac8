import { join } from 'node:path';
import type { CredentialVault } from '../../src/ports/credential-vault.js';
import { createRegistry } from '../../src/registry/index.js';
import { type LoadBindingResult, loadBinding } from '../../src/triggers/index.js';
import type { Diagnostic } from '../../src/workflow/index.js';
import { calc } from '../fixtures/calc-integration.js';
import board from './fixtures/board/index.js';

export { positionOf } from '../workflow/load-helpers.js';

/** The fixture board integration's folder: its workflow `triage.json` sits there. */
export const BOARD = join(import.meta.dirname, 'fixtures/board');

/** The catalog bindings load against: the board (two triggers) and calc (steps, no triggers). */
export const registry = createRegistry([board, calc]);

/** A binding that loads: bug cards of the roadmap board start `triage.json`. */
export const GOOD = {
  id: 'triage-new-bugs',
  trigger: 'board.new_card',
  account: 'board-main',
  config: { board: 'roadmap' },
  filter: "{% 'bug' in $event.card.labels %}",
  workflow: './triage.json',
  input: {
    cardId: '{% $event.card.id %}',
    title: '{% $event.card.title %}',
    urgent: "{% 'urgent' in $event.card.labels %}",
  },
};

/** Pretty-printed JSON of the good binding with some fields replaced (or removed, with undefined). */
export function bindingText(changes: Record<string, unknown> = {}): string {
  const binding: Record<string, unknown> = { ...GOOD };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete binding[key];
    else binding[key] = value;
  }
  return JSON.stringify(binding, null, 2);
}

/** Loads a binding text as if it were a file beside the board's workflow. */
export function load(text: string, options: { vault?: CredentialVault } = {}): Promise<LoadBindingResult> {
  return loadBinding({ text, file: join(BOARD, 'test.binding.json') }, { registry, ...options });
}

/** Loads a binding that must fail and returns its diagnostics. */
export async function problemsOf(
  text: string,
  options: { vault?: CredentialVault } = {},
): Promise<Diagnostic[]> {
  const result = await load(text, options);
  if (result.ok) throw new Error('expected the binding to be refused');
  return result.diagnostics;
}

/** A diagnostic without its file and hint: what most tests compare. */
export function located({ code, pointer, message, line, column }: Diagnostic) {
  return { code, pointer, message, line, column };
}
