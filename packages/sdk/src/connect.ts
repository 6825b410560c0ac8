import type { ConnectedAccount } from './account.js';
import type { HttpClient } from './http.js';

/** The OAuth app an agent runtime registered at the provider, its users authorize it. */
export interface OAuthClient {
  clientId: string;
  /** Absent for a public client (PKCE alone), which only some providers accept. */
  clientSecret?: string;
  /**
   * Origins besides the integration's own (`OAuthConnect.origins`) where this app is registered: a
   * GitHub Enterprise Server (`https://ghe.example`), an emulator. The app's secret, codes and
   * verifiers go to no other origin, whatever an account's settings say.
   */
  origins?: readonly string[];
}

/** What a token endpoint granted, checked: printable tokens, a bounded lifetime. */
export interface GrantedTokens {
  accessToken: string;
  refreshToken?: string;
  /** When the access token expires, ISO time; absent when the provider said nothing. */
  expiresAt?: string;
  /** The scopes granted, when the provider said. */
  scopes?: string[];
}

/** Who an account is at the provider, read with its new credentials before it is stored. */
export interface AccountIdentity {
  /** The account's default name (GitHub's login, the Zendesk subdomain): the user may choose another. */
  name: string;
  /** Settings learnt on the way, stored with the account (e.g. GitHub's `login`). */
  settings?: Record<string, unknown>;
}

/** What `identify` gets: the new account's HTTP client (its auth, limits, scrubbing) and its settings. */
export interface IdentifyContext {
  http: HttpClient;
  settings: Record<string, unknown>;
}

/** What `revoke` gets to withdraw an account's grant at the provider. */
export interface RevokeContext {
  account: ConnectedAccount;
  /** The account's own HTTP client, for APIs that revoke the token a request is signed with. */
  http: HttpClient;
  /** The OAuth app, for APIs that revoke with its credentials (GitHub's `DELETE /applications/…`). */
  client?: OAuthClient;
  /**
   * Sends one request signed with the OAuth app's credentials (HTTP Basic client id and secret),
   * on the guarded path token requests take: no redirect followed, size and time bounded.
   */
  sendAsClient(request: ClientRequest): Promise<{ status: number; body: unknown }>;
}

export interface ClientRequest {
  method: 'DELETE' | 'POST';
  url: string;
  json?: Record<string, unknown>;
}

interface ConnectBase {
  /**
   * Reads who the new credentials belong to with the cheapest call that proves them (GitHub's
   * `GET /user`), before anything is stored. Throws a StepError to refuse the account, saying what
   * to do (Zendesk refuses an end user: the authorizing user must be an Admin or Agent).
   */
  identify(context: IdentifyContext): Promise<AccountIdentity>;
  /** Withdraws the account's grant at the provider on disconnect, where its API allows. */
  revoke?(context: RevokeContext): Promise<void>;
  /** What the authorizing user needs, for errors and docs (e.g. "an Admin or Agent of the account"). */
  requirements?: string;
}

/** The authorization code grant (RFC 6749 §4.1) with PKCE, and optionally the device grant. */
export interface OAuthConnect extends ConnectBase {
  kind: 'oauth2';
  /** Where the user's browser is sent to authorize, for an account of these settings. */
  authorizeUrl(settings: Record<string, unknown>): string;
  /** Where codes are exchanged (and refreshed); absolute https (http on loopback only). */
  tokenUrl(settings: Record<string, unknown>): string;
  /**
   * The origins the provider's authorization, token, device and revocation endpoints live at
   * (`https://github.com`; `https://*.zendesk.com`, `*` standing for one DNS label). An endpoint a
   * user's settings point elsewhere is refused before the app's secret goes there; a runtime adds
   * its own (an Enterprise Server, an emulator) with `OAuthClient.origins`.
   */
  origins: readonly string[];
  /**
   * Scopes a granted scope includes, as the provider reports grants: GitHub reports `admin:org` and not
   * the `read:org` it implies. A scope asked for counts as granted when one that includes it is.
   */
  impliedScopes?: Readonly<Record<string, readonly string[]>>;
  /** Asked for at authorization; a grant missing one is refused. */
  scopes: readonly string[];
  /** How scopes are joined in the authorization URL; default a space. */
  scopeSeparator?: string;
  /**
   * The device authorization grant (RFC 8628) for terminals: where a device code is asked for.
   * Polling goes to `tokenUrl`.
   */
  deviceCodeUrl?(settings: Record<string, unknown>): string;
  /** The credentials an account keeps from a grant (and the OAuth app, for refreshing). */
  credentials(grant: GrantedTokens, client: OAuthClient): Record<string, unknown>;
}

/** An API key the user enters once. */
export interface ApiKeyConnect extends ConnectBase {
  kind: 'apiKey';
  /** The credentials an account keeps from the key. */
  credentials(apiKey: string): Record<string, unknown>;
}

/** How a user connects an account of an integration. */
export type ConnectSpec = OAuthConnect | ApiKeyConnect;
