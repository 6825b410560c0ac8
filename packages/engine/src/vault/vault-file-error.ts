import { StepError } from '@toolsteps/sdk';

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
  /** A vault key is set but the file is plain: a new account is not written into it in clear. */
  | 'not_encrypted'
  | 'write_failed'
  /** Another process held the file's write lock for longer than the vault waits. */
  | 'locked'
  /** The account to update is no longer in the file: another process removed it. */
  | 'account_removed';

/** An accounts-file failure: names the file and, when one is at fault, the JSON pointer; never a value. */
export function vaultFileError(
  file: string,
  problem: VaultFileProblem,
  message: string,
  extra: { field?: string; cause?: unknown; details?: Record<string, unknown> } = {},
): StepError {
  const code =
    problem === 'missing_file' || problem === 'account_removed'
      ? 'not_found'
      : problem === 'write_failed' || problem === 'locked'
        ? 'unavailable'
        : 'validation';
  return new StepError({
    code,
    message,
    field: extra.field,
    cause: extra.cause,
    details: { file, problem, ...extra.details },
  });
}
