import { StepError } from '../contracts/step-error.js';
import { type Diagnostic, formatDiagnostic } from './diagnostic.js';

/** A workflow that failed to load: a `validation` StepError carrying every diagnostic found. */
export class WorkflowInvalidError extends StepError {
  readonly diagnostics: readonly Diagnostic[];

  constructor(diagnostics: readonly Diagnostic[], file?: string) {
    const count = diagnostics.length === 1 ? '1 problem' : `${diagnostics.length} problems`;
    const listed = diagnostics.map((diagnostic) => `  ${formatDiagnostic(diagnostic)}`).join('\n');
    super({
      code: 'validation',
      message: `Workflow ${file ? `${file} ` : ''}is invalid (${count}):\n${listed}`,
      details: { diagnostics: diagnostics.map((diagnostic) => ({ ...diagnostic })) },
    });
    this.diagnostics = diagnostics;
  }
}
