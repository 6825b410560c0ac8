import { createEmulator, type Emulator, HostAllowList } from '@toolsteps/emulator';
import type { ConnectedAccount, EmulateOptions, EmulatorSession } from '@toolsteps/sdk';
import { registeredRedirectUrls } from './oauth-client.js';
import { RequestRateLimit, tooManyRequests, withRateLimitHeaders } from './request-rate-limit.js';
import { addTickets, type TicketTemplate } from './ticket-batch.js';
import { type WebhookControls, webhookControls } from './webhook-controls.js';
import { authorizeZendesk } from './zendesk-auth.js';
import { couldNotAuthenticate } from './zendesk-errors.js';
import { ZendeskJson } from './zendesk-json.js';
import { zendeskApp } from './zendesk-routes.js';
import {
  DEMO_ACCOUNT_ID,
  DEMO_CLIENT,
  DEMO_CLIENT_RECORD_ID,
  DEMO_SUBDOMAIN,
  DEMO_TOKENS,
  DEMO_USERS,
  seedZendeskState,
} from './zendesk-seed.js';
import { ZendeskState } from './zendesk-state.js';

export interface ZendeskEmulatorOptions {
  /** Port on 127.0.0.1; default 0, a free one. */
  port?: number;
  /** The emulator's clock (epoch ms): access tokens expire by it, records are stamped with it, rate-limit minutes run on it. */
  now?: () => number;
  /**
   * The account's limit on API requests per minute (Zendesk's docs show 700): every API
   * answer then carries the rate-limit headers, and a request past it gets 429 with `Retry-After`.
   * Default: no limit, no headers.
   */
  requestsPerMinute?: number;
  /** Host names besides loopback's that the emulator answers to (see EmulatorOptions.allowedHosts). */
  allowedHosts?: readonly string[];
  /**
   * Hosts besides loopback that webhooks may be sent to, say a receiver in another container. Default
   * none: an invocation to another host is logged failed, saying why, without a request sent.
   */
  hookHosts?: readonly string[];
  /**
   * Redirect URLs registered for the demo OAuth client besides loopback ones (http on 127.0.0.1 or
   * localhost, any port, which it always accepts): absolute, https unless on localhost or 127.0.0.1,
   * compared exactly. A URL Zendesk would not register throws, saying why.
   */
  oauthRedirectUrls?: readonly string[];
}

/**
 * Zendesk's Support API for one account (subdomain `lumencoffee`) on loopback. Demo seed: see
 * {@link seedZendeskState}.
 *
 * Auth: `Bearer <OAuth access token>` or `Basic base64(<email>/token:<API token>)`; otherwise 401
 * `{"error":"Couldn't authenticate you"}`; an end user on an agent endpoint gets 403 `Forbidden`.
 * OAuth, with the demo client ({@link ZendeskEmulator.oauthClient}): `GET /oauth/authorizations/new`
 * (`response_type=code`, `client_id`, `redirect_uri`, `scope`, `state`, `code_challenge` with
 * `code_challenge_method=S256`) approves at once, with no sign-in page, as Marco or as the seeded user
 * the emulator-only `login=<email>` names (end users too), and redirects (302) with `code` and `state`;
 * the emulator-only `decision=deny` redirects with `error=access_denied`. An unknown client or a
 * redirect URL not registered gets an "Invalid Authorization Request" page instead. Codes live 120 s,
 * are single-use (presenting one redeems it, whatever the exchange decides; a replay revokes what it
 * granted) and bound to the client, user, redirect URL, scopes and challenge. `POST /oauth/tokens`
 * takes `grant_type=authorization_code` (secret, or PKCE verifier alone) and `refresh_token` (rotating
 * both tokens), refusing with rack-oauth2's `invalid_request`, `invalid_client` (401), `invalid_grant`,
 * `invalid_scope` and `unsupported_grant_type`. `GET`/`DELETE /api/v2/oauth/tokens/{id|current}` show
 * (token cut to 10 characters) and revoke a grant (204; its access token then 401, its refresh token
 * `invalid_grant`). Scopes are recorded and reported, not enforced.
 * Errors: 404 `RecordNotFound`, 422 `RecordInvalid` with `details` per field.
 * Lists page by cursor (`page[size]`, `page[after]` → `meta.has_more`, `links.next`) or by offset.
 * Search (`/api/v2/search`, `/search/count`, `/search/export`) understands a subset of the query
 * language (see `search-query.ts`) and serves only the first 1,000 results, as Zendesk does.
 * Faults (429 with Retry-After, 5xx, drops, delays) go through `faults.inject`; a per-minute request
 * limit (`requestsPerMinute`, `setRequestsPerMinute`) answers 429 by count, as Zendesk's does.
 */
export interface ZendeskEmulator extends Emulator, WebhookControls {
  readonly state: ZendeskState;
  /** The demo OAuth client registered in the account (unique identifier `toolsteps`) that users authorize. */
  /** The demo OAuth client, registered at this emulator's origin (`origins`), for `engine.connect`. */
  readonly oauthClient: { clientId: string; clientSecret: string; origins: string[] };
  /** An agent's OAuth account: the seed's access token (does not expire) and refresh token. */
  readonly account: ConnectedAccount;
  /** The same agent signing with the account's API token (`credentials: {email, apiToken}`). */
  readonly apiTokenAccount: ConnectedAccount;
  /** An admin signing with the account's API token: webhooks and triggers are managed by admins only. */
  readonly adminAccount: ConnectedAccount;
  /** An end user's OAuth account: refused (403) by the agent endpoints the steps call. */
  readonly endUserAccount: ConnectedAccount;
  /** New expiring tokens for a user (by email), as an authorization would grant. */
  issueTokens(email: string): { accessToken: string; refreshToken: string; expiresAt: string };
  /** Makes every access token expired from now on. */
  expireAccessTokens(): void;
  /** Revokes a refresh token (the user disconnected the app): refreshing with it is `invalid_grant`. */
  revokeRefreshToken(token: string): void;
  /**
   * Revokes an access token alone: requests signed with it get 401, its refresh token still refreshes
   * (`DELETE /api/v2/oauth/tokens/current.json` revokes both).
   */
  revokeAccessToken(token: string): void;
  /** Adds `count` tickets at once (see {@link addTickets}), e.g. 1,200 to pass the search cap; gives their ids. */
  seedTickets(count: number, template?: TicketTemplate): number[];
  /**
   * Sets the account's limit on API requests per minute (`undefined`: none); see
   * {@link ZendeskEmulatorOptions.requestsPerMinute}. Requests counted this minute still count.
   */
  setRequestsPerMinute(limit: number | undefined): void;
  /** Puts back the demo seed and starts the rate-limit minute afresh. Faults and the request log stay (`reset()` clears those). */
  resetState(): void;
}

export async function createZendeskEmulator(options: ZendeskEmulatorOptions = {}): Promise<ZendeskEmulator> {
  const redirectUrls = registeredRedirectUrls(options.oauthRedirectUrls);
  const state = seedZendeskState(new ZendeskState(DEMO_SUBDOMAIN, options.now ?? Date.now, DEMO_ACCOUNT_ID));
  state.automation.deliveries.hosts = new HostAllowList(options.hookHosts, 'hookHosts:');
  let baseUrl = '';
  const api = { state, json: new ZendeskJson(state, () => baseUrl), origin: () => baseUrl };
  const client = {
    id: DEMO_CLIENT_RECORD_ID,
    identifier: DEMO_CLIENT.clientId,
    secret: DEMO_CLIENT.clientSecret,
    redirectUrls,
  };
  // Authorizations that name no `login` are Marco's, the agent `account` signs as.
  const app = zendeskApp(api, client, DEMO_USERS.marco);
  const rateLimit = new RequestRateLimit(() => state.now(), options.requestsPerMinute);
  const authorize = authorizeZendesk(state);
  const emulator = await createEmulator({
    port: options.port,
    allowedHosts: options.allowedHosts,
    // The rate limit counts before credentials are checked, and its headers go on refusals too,
    // so both run here rather than in the emulator's `authorize` hook (which answers on its own).
    routes: (outer) =>
      outer.all('*', async (c) => {
        const method = c.req.method;
        const path = new URL(c.req.url).pathname;
        const limited = rateLimit.take(path);
        if (limited?.refused) return tooManyRequests(limited.headers);
        const verdict = authorize({ method, path, headers: Object.fromEntries(c.req.raw.headers) });
        if (verdict !== true) return withRateLimitHeaders(verdict || couldNotAuthenticate(), limited);
        // The request log has read the body already; the API app gets a copy of the request.
        const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
        const answer = await app.fetch(new Request(c.req.url, { method, headers: c.req.raw.headers, body }));
        return withRateLimitHeaders(answer, limited);
      }),
  });
  baseUrl = emulator.baseUrl;
  const account = (id: string, name: string, credentials: Record<string, unknown>): ConnectedAccount => ({
    id,
    integration: 'zendesk',
    name,
    settings: { subdomain: DEMO_SUBDOMAIN, baseUrl },
    credentials,
  });
  const controls: Omit<ZendeskEmulator, keyof Emulator | keyof WebhookControls> = {
    state,
    oauthClient: { ...DEMO_CLIENT, origins: [baseUrl] },
    account: account('zendesk-demo', 'Lumen Coffee support', {
      accessToken: DEMO_TOKENS.agentAccess,
      refreshToken: DEMO_TOKENS.agentRefresh,
      ...DEMO_CLIENT,
    }),
    apiTokenAccount: account('zendesk-demo-api-token', 'Lumen Coffee support (API token)', {
      email: state.users.get(DEMO_USERS.marco)?.email,
      apiToken: DEMO_TOKENS.apiToken,
    }),
    adminAccount: account('zendesk-demo-admin', 'Lumen Coffee admin', {
      email: state.users.get(DEMO_USERS.admin)?.email,
      apiToken: DEMO_TOKENS.apiToken,
    }),
    endUserAccount: account('zendesk-demo-end-user', 'Jordan at Brightside', {
      accessToken: DEMO_TOKENS.endUserAccess,
    }),
    issueTokens: (email) => {
      const user = state.userByEmail(email);
      if (!user) throw new Error(`No user with email ${email} in the Zendesk emulator`);
      const granted = state.grantTokens(user.id, { clientId: client.id, scopes: ['read', 'write'] });
      return {
        accessToken: granted.accessToken,
        refreshToken: granted.refreshToken,
        expiresAt: new Date(state.now() + granted.expiresInS * 1000).toISOString(),
      };
    },
    expireAccessTokens: () => {
      for (const token of state.accessTokens.values()) token.expiresAt = state.now();
    },
    revokeRefreshToken: (token) => {
      const held = state.refreshTokens.get(token);
      if (held) held.revoked = true;
    },
    revokeAccessToken: (token) => {
      const held = state.accessTokens.get(token);
      if (held) held.revoked = true;
    },
    seedTickets: (count, template) => addTickets(state, count, template),
    setRequestsPerMinute: (limit) => rateLimit.setLimit(limit),
    resetState: () => {
      state.clear();
      seedZendeskState(state);
      rateLimit.restart();
    },
  };
  // Deliveries on their way are cut when the emulator closes, so none outlives it.
  const closeServer = emulator.close.bind(emulator);
  const close = async () => {
    await state.automation.deliveries.close();
    await closeServer();
  };
  return Object.defineProperties(
    Object.assign(emulator, controls, { close }),
    Object.getOwnPropertyDescriptors(webhookControls(state)),
  ) as ZendeskEmulator;
}

/** The emulator as the CLI starts it (`toolsteps emulate zendesk`, or a run without --accounts). */
export async function startZendeskEmulator(options: EmulateOptions = {}): Promise<EmulatorSession> {
  const { port, allowedHosts, hookHosts } = options;
  const emulator = await createZendeskEmulator({ port, allowedHosts, hookHosts });
  return {
    integration: 'zendesk',
    baseUrl: emulator.baseUrl,
    // The first stands in for any account a run names; the admin, by its name, registers triggers.
    accounts: [emulator.account, emulator.apiTokenAccount, emulator.adminAccount],
    // `toolsteps connect` authorizes it; its callback on loopback (any port) is a registered redirect.
    oauthClient: emulator.oauthClient,
    close: () => emulator.close(),
  };
}
