export type RegistryErrorCode =
  | 'duplicate-integration'
  | 'duplicate-step'
  | 'duplicate-trigger'
  | 'module-not-found'
  | 'import-failed'
  | 'not-an-integration'
  | 'config-invalid'
  | 'trigger-invalid';

/** A registry that cannot be built: the message names the module(s) or config file at fault. */
export class RegistryError extends Error {
  override readonly name = 'RegistryError';

  constructor(
    readonly code: RegistryErrorCode,
    message: string,
    /** The modules or files involved, as configured. */
    readonly sources: readonly string[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
