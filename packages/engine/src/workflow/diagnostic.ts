/** Why a workflow or binding file was refused; one code per kind of mistake, so tools can react to them. */
export type DiagnosticCode =
  | 'read-failed'
  | 'too-large'
  | 'too-many-expressions'
  | 'too-deep'
  | 'json-syntax'
  | 'duplicate-key'
  | 'shape'
  | 'unknown-property'
  | 'step-kind'
  | 'foreach-items'
  | 'input-schema'
  | 'expression-syntax'
  | 'duplicate-step-id'
  | 'unknown-step'
  | 'step-unavailable'
  | 'field-without-step'
  | 'unknown-integration'
  | 'unknown-account'
  | 'account-wrong-integration'
  | 'ambiguous-account'
  | 'no-account'
  | 'invalid-args'
  | 'unknown-variable'
  | 'variable-out-of-scope'
  | 'unknown-step-reference'
  | 'unknown-input-path'
  | 'reserved-name'
  | 'eval-not-allowed'
  | 'budget-on-unmetered-step'
  // Binding files only:
  | 'unknown-trigger'
  | 'trigger-unavailable'
  | 'invalid-config'
  | 'invalid-interval'
  | 'unknown-event-path'
  | 'context-read'
  | 'invalid-filter'
  | 'invalid-input'
  | 'workflow-invalid'
  | 'unknown-handler';

/** One problem of a workflow (or binding) file, located by JSON pointer and by line and column (both 1-based). */
export interface Diagnostic {
  code: DiagnosticCode;
  message: string;
  pointer: string;
  line: number;
  column: number;
  file?: string;
  /** What to do about it, when the message alone does not say. */
  hint?: string;
}

/**
 * A problem found before positions are known: checks speak in pointers, the loader turns them
 * into lines and columns. `offset` is an index into the string value at `pointer` (an expression).
 */
export interface Problem {
  code: DiagnosticCode;
  pointer: string;
  message: string;
  hint?: string;
  /** Where to point when it differs from `pointer`, e.g. the unknown property of the object at `pointer`. */
  locate?: string;
  /** Point at the property name rather than its value (unknown or reserved names). */
  at?: 'key' | 'value';
  offset?: number;
}

/** `file:line:col pointer message`, the form editors and terminals turn into links. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = `${diagnostic.file ? `${diagnostic.file}:` : ''}${diagnostic.line}:${diagnostic.column}`;
  const line = `${where} ${diagnostic.pointer || '/'} ${diagnostic.message}`;
  return diagnostic.hint ? `${line}\n    hint: ${diagnostic.hint}` : line;
}
