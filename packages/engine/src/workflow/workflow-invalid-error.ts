import type { Diagnostic } from './diagnostic.js';
import { InvalidDocumentError } from './invalid-document-error.js';

/** A workflow that failed to load: a `validation` StepError carrying every diagnostic found. */
export class WorkflowInvalidError extends InvalidDocumentError {
  constructor(diagnostics: readonly Diagnostic[], file?: string) {
    super('Workflow', diagnostics, file);
  }
}
