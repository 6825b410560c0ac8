/** An account at a third-party system, connected once and used by steps through its integration. */
export interface ConnectedAccount {
  /** Unique among the accounts of its user (of no user, for accounts a service runs with). */
  id: string;
  /**
   * The end user (tenant) the account belongs to, when an agent runtime connects accounts per
   * user: a call for a user only ever uses that user's accounts. Absent on the accounts a service
   * runs its own workflows with.
   */
  user?: string;
  integration: string;
  /** The name users choose it by, e.g. the Zendesk account name shown in the dropdown. */
  name: string;
  settings: Record<string, unknown>;
  /** Only the integration's HTTP binding and auth ever read these. */
  credentials: Record<string, unknown>;
}

/** What a vault lists and what steps see: an account without its credentials. */
export type AccountSummary = Omit<ConnectedAccount, 'credentials'>;

/**
 * What tells one account from every other in a process: its id within its user. Every cache and
 * limit kept per account is keyed by it, so two users' accounts with the same id never share one.
 */
export function accountKey(account: { id: string; user?: string }): string {
  return account.user === undefined ? account.id : `${account.user}\u0000${account.id}`;
}

export function summarize(account: ConnectedAccount): AccountSummary {
  const { credentials: _secret, ...summary } = account;
  return summary;
}
