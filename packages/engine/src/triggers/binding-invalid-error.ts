import type { Diagnostic } from '../workflow/diagnostic.js';
import { InvalidDocumentError } from '../workflow/invalid-document-error.js';

/** A binding that failed to load: a `validation` StepError carrying every diagnostic found (its workflow's included). */
export class BindingInvalidError extends InvalidDocumentError {
  constructor(diagnostics: readonly Diagnostic[], file?: string) {
    super('Binding', diagnostics, file);
  }
}
