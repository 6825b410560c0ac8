import { ConnectError, type ConnectErrorCode } from '@toolsteps/engine';
import { EXIT, UsageError } from '../exit-codes.js';

/**
 * Codes of a request to change before trying again (2, as a usage error); the others say the
 * connecting itself did not succeed: denied, refused or failed at the provider, cancelled, expired (1).
 */
const USAGE: ReadonlySet<ConnectErrorCode> = new Set([
  'invalid_request',
  'not_supported',
  'name_taken',
  'not_found',
  'vault_read_only',
]);

/** The exit code of a connect error: 2 for a request to change, 1 for an attempt that failed. */
export function connectExitCode(code: ConnectErrorCode): number {
  return USAGE.has(code) ? EXIT.invalid : EXIT.failed;
}

/**
 * Runs a connect, disconnect or reconnect; a ConnectError leaves as one line naming its code
 * (`toolsteps: access_denied: …`) with its exit code. The engine stored nothing then.
 */
export async function reportingConnectErrors<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (isConnectError(error))
      throw new UsageError(`${error.code}: ${error.message}`, connectExitCode(error.code));
    throw error;
  }
}

/** By name too: a step package or test kit may hold its own copy of the engine's error class. */
export function isConnectError(error: unknown): error is ConnectError {
  return (
    error instanceof ConnectError ||
    (error instanceof Error &&
      error.name === 'ConnectError' &&
      typeof (error as ConnectError).code === 'string')
  );
}
