import type { AccountSummary } from '@toolsteps/sdk';

interface ConnectTarget {
  /** The integration's id, e.g. `github`. */
  integration: string;
  /** The end user the account will belong to; absent: an account of no user (a service's own). */
  user?: string;
  /** The account's settings, checked against the integration's connection schema (Zendesk: `subdomain`). */
  settings?: Record<string, unknown>;
  /** The account's name; default the one its identity gives (GitHub: the login; Zendesk: the subdomain). */
  name?: string;
  /** The id of an account of the user whose credentials this replaces in place (same id, same name). */
  reconnect?: string;
}

export interface StartOptions extends ConnectTarget {
  /** Where the provider sends the browser back with `code` and `state`: https, or http on loopback. */
  redirectUri: string;
}

export interface StartedAuthorization {
  /** Send the user's browser here. */
  authorizationUrl: string;
  /** Single-use, bound to this user and integration: `finish` takes it back. */
  state: string;
  /** ISO time after which `finish` refuses the state. */
  expiresAt: string;
}

/** The callback's query parameters, or the whole callback URL the browser came back to. */
export type FinishOptions = ({ state: string; code: string } | { callbackUrl: string }) & {
  /**
   * The user signed in where the callback arrived: it must be the one `start` was called for (absent
   * for both when the account is of no user). A browser coming back proves nothing of who it is.
   */
  user?: string;
  signal?: AbortSignal;
};

export interface WithKeyOptions extends ConnectTarget {
  apiKey: string;
  signal?: AbortSignal;
}

export type DeviceOptions = ConnectTarget & { signal?: AbortSignal };

/** A device authorization waiting for its user (RFC 8628): show the code and the address, then `complete`. */
export interface DeviceAuthorization {
  /** What the user types at `verificationUri`, e.g. `WDJB-MJHT`. */
  userCode: string;
  verificationUri: string;
  /** ISO time when the code expires. */
  expiresAt: string;
  /** Polls the provider (at its interval, slowing down when told) until the user approves, denies or the code expires. */
  complete(signal?: AbortSignal): Promise<AccountSummary>;
}

export interface DisconnectOptions {
  /** The account's id. */
  account: string;
  user?: string;
  signal?: AbortSignal;
}

export interface Disconnected {
  account: AccountSummary;
  /** Whether the provider withdrew the grant (false where its API cannot, or the call failed). */
  revoked: boolean;
  /** Why it was not revoked, when the integration revokes and the call failed (the account is removed anyway). */
  revokeProblem?: string;
}
