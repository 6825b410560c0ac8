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

export function summarize(account: ConnectedAccount): AccountSummary {
  const { credentials: _secret, ...summary } = account;
  return summary;
}
