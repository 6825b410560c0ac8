import type { AccountSummary, ConnectedAccount } from '@toolsteps/sdk';

/** A step names its account by id, or by name within the step's integration. */
export type AccountRef = { id: string } | { integration: string; name: string };

/** Where connected accounts come from. An agent runtime binds its own. */
export interface CredentialVault {
  /** Resolves an account; fails with a `not_found` StepError naming what was asked for. */
  get(ref: AccountRef): Promise<ConnectedAccount>;
  /** Writes an account back, e.g. after an OAuth refresh. */
  update(account: ConnectedAccount): Promise<void>;
  list(integration?: string): Promise<AccountSummary[]>;
}
