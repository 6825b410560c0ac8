import type { AccountSummary, ConnectedAccount } from '@toolsteps/sdk';

/**
 * A step names its account by id, or by name within the step's integration; `user` is the end user
 * whose account it is (absent: an account of no user, one a service runs with).
 */
export type AccountRef = ({ id: string } | { integration: string; name: string }) & { user?: string };

/** Which accounts a listing holds: those of one user (`user` undefined: those of no user). */
export interface AccountScope {
  user: string | undefined;
}

/**
 * Where connected accounts come from. An agent runtime binds its own. Accounts may belong to users
 * (`ConnectedAccount.user`): `get` answers only the account of the user the ref names, never
 * another user's with the same id or name.
 */
export interface CredentialVault {
  /** Resolves an account; fails with a `not_found` StepError naming what was asked for. */
  get(ref: AccountRef): Promise<ConnectedAccount>;
  /** Writes an account back, e.g. after an OAuth refresh (to the account of its id and user). */
  update(account: ConnectedAccount): Promise<void>;
  /** The accounts (of one integration), of every user, or of the user `scope` names. */
  list(integration?: string, scope?: AccountScope): Promise<AccountSummary[]>;
}

/**
 * A vault accounts can be connected to and disconnected from (`engine.connect`): MemoryVault and
 * FileVault are. An agent runtime's own vault implements these two to let its users connect.
 */
export interface AccountStore extends CredentialVault {
  /**
   * Stores a new account. Fails with a `validation` StepError, storing nothing, when its user already
   * has an account with its id, or one of its integration with its name.
   */
  add(account: ConnectedAccount): Promise<void>;
  /** Removes the account of that id and user; false when there was none. */
  remove(ref: { id: string; user?: string }): Promise<boolean>;
}

/** Whether a vault can store new accounts and remove them. */
export function isAccountStore(vault: CredentialVault): vault is AccountStore {
  const candidate = vault as Partial<AccountStore>;
  return typeof candidate.add === 'function' && typeof candidate.remove === 'function';
}
