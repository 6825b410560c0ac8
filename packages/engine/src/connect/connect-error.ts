/**
 * Why connecting, reconnecting or disconnecting an account failed. Every one leaves the vault as it
 * was: nothing is stored before the credentials are proven.
 */
export type ConnectErrorCode =
  /** The request itself is wrong: unknown integration, settings the connection schema refuses, a bad redirect URI. */
  | 'invalid_request'
  /** The integration cannot be connected this way (no OAuth declared, no device flow, no OAuth app configured). */
  | 'not_supported'
  /** The `state` is unknown, already used or expired: start again. */
  | 'invalid_state'
  /** The user (or the provider) denied the authorization. */
  | 'access_denied'
  /** The provider refused the code, the device code or the key, or granted less than was asked. */
  | 'grant_refused'
  /** The provider's endpoint failed: no answer, a redirect, HTML, an oversize answer. */
  | 'provider_error'
  /** The credentials work but the account may not be used (a Zendesk end user). */
  | 'account_refused'
  /** Another account of the user already has that name. */
  | 'name_taken'
  /** No such account to reconnect or disconnect. */
  | 'not_found'
  /** The engine's vault cannot store accounts (it implements no `add`/`remove`). */
  | 'vault_read_only'
  /** The vault refused to store the account (a plain file while a vault key is set, a lock not given): nothing was stored. */
  | 'storage_failed'
  /** Too many authorizations are waiting for their callback: finish or let some expire first. */
  | 'too_many_pending'
  /** The device code expired before the user approved it. */
  | 'expired'
  | 'cancelled';

export class ConnectError extends Error {
  override readonly name = 'ConnectError';
  readonly code: ConnectErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(
    code: ConnectErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }
}
