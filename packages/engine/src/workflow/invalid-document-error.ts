import { StepError } from '@toolsteps/sdk';
import { type Diagnostic, formatDiagnostic } from './diagnostic.js';

/** A JSON document (a workflow, a binding) that failed to load: a `validation` StepError with every diagnostic. */
export class InvalidDocumentError extends StepError {
  readonly diagnostics: readonly Diagnostic[];

  /** `kind` starts the message: `Workflow flows/triage.json is invalid (2 problems): …`. */
  constructor(kind: string, diagnostics: readonly Diagnostic[], file?: string) {
    const count = diagnostics.length === 1 ? '1 problem' : `${diagnostics.length} problems`;
    const listed = diagnostics.map((diagnostic) => `  ${formatDiagnostic(diagnostic)}`).join('\n');
    super({
      code: 'validation',
      message: `${kind} ${file ? `${file} ` : ''}is invalid (${count}):\n${listed}`,
      details: { diagnostics: diagnostics.map((diagnostic) => ({ ...diagnostic })) },
    });
    this.diagnostics = diagnostics;
  }
}
