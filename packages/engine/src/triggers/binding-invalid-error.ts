import { StepError } from '../contracts/step-error.js';
import { type Diagnostic, formatDiagnostic } from '../workflow/diagnostic.js';

/** A binding that failed to load: a `validation` StepError carrying every diagnostic found (its workflow's included). */
export class BindingInvalidError extends StepError {
  readonly diagnostics: readonly Diagnostic[];

  constructor(diagnostics: readonly Diagnostic[], file?: string) {
    const count = diagnostics.length === 1 ? '1 problem' : `${diagnostics.length} problems`;
    const listed = diagnostics.map((diagnostic) => `  ${formatDiagnostic(diagnostic)}`).join('\n');
    super({
      code: 'validation',
      message: `Binding ${file ? `${file} ` : ''}is invalid (${count}):\n${listed}`,
      details: { diagnostics: diagnostics.map((diagnostic) => ({ ...diagnostic })) },
    });
    this.diagnostics = diagnostics;
  }
}
