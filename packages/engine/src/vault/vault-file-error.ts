import { StepError } from '../contracts/step-error.js';

/** What went wrong with an accounts file, for callers (the CLI) that react differently to each. */
export type VaultFileProblem =
  | 'missing_file'
  | 'unreadable'
  | 'corrupt'
  | 'invalid'
  | 'missing_env'
  | 'missing_key'
  | 'bad_key'
  | 'wrong_key'
  | 'already_encrypted'
  | 'write_failed';

/** An accounts-file failure: names the file and, when one is at fault, the JSON pointer; never a value. */
export function vaultFileError(
  file: string,
  problem: VaultFileProblem,
  message: string,
  extra: { field?: string; cause?: unknown; details?: Record<string, unknown> } = {},
): StepError {
  const code =
    problem === 'missing_file' ? 'not_found' : problem === 'write_failed' ? 'unavailable' : 'validation';
  return new StepError({
    code,
    message,
    field: extra.field,
    cause: extra.cause,
    details: { file, problem, ...extra.details },
  });
}
