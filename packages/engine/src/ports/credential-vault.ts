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
