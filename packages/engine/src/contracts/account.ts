/** An account at a third-party system, connected once and used by steps through its integration. */
export interface ConnectedAccount {
  id: string;
  integration: string;
  /** The name users choose it by, e.g. the Zendesk account name shown in the dropdown. */
  name: string;
  settings: Record<string, unknown>;
  /** Only the integration's HTTP binding and auth ever read these. */
  credentials: Record<string, unknown>;
}

/** What a vault lists and what steps see: an account without its credentials. */
export type AccountSummary = Omit<ConnectedAccount, 'credentials'>;

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

export function summarize(account: ConnectedAccount): AccountSummary {
  const { credentials: _secret, ...summary } = account;
  return summary;
}
