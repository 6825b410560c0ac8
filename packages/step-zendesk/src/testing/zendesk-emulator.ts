import { createEmulator, type Emulator, HostAllowList } from '@toolsteps/emulator';
import type { ConnectedAccount, EmulateOptions, EmulatorSession } from '@toolsteps/sdk';
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
}

/**
 * Zendesk's Support API for one account (subdomain `lumencoffee`) on loopback. Demo seed: see
 * {@link seedZendeskState}.
 *
 * Auth: `Bearer <OAuth access token>` or `Basic base64(<email>/token:<API token>)`; otherwise 401
 * `{"error":"Couldn't authenticate you"}`; an end user on an agent endpoint gets 403 `Forbidden`.
 * `POST /oauth/tokens` refreshes (rotating the refresh token); an unknown or revoked one is
 * `invalid_grant`. Errors: 404 `RecordNotFound`, 422 `RecordInvalid` with `details` per field.
 * Lists page by cursor (`page[size]`, `page[after]` → `meta.has_more`, `links.next`) or by offset.
 * Search (`/api/v2/search`, `/search/count`, `/search/export`) understands a subset of the query
 * language (see `search-query.ts`) and serves only the first 1,000 results, as Zendesk does.
 * Faults (429 with Retry-After, 5xx, drops, delays) go through `faults.inject`; a per-minute request
 * limit (`requestsPerMinute`, `setRequestsPerMinute`) answers 429 by count, as Zendesk's does.
 */
export interface ZendeskEmulator extends Emulator, WebhookControls {
  readonly state: ZendeskState;
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
  /** Revokes an access token: requests signed with it get 401. */
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
  const state = seedZendeskState(new ZendeskState(DEMO_SUBDOMAIN, options.now ?? Date.now, DEMO_ACCOUNT_ID));
  state.automation.deliveries.hosts = new HostAllowList(options.hookHosts, 'hookHosts:');
  let baseUrl = '';
  const api = { state, json: new ZendeskJson(state, () => baseUrl), origin: () => baseUrl };
  const app = zendeskApp(api, DEMO_CLIENT);
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
      const granted = state.grantTokens(user.id);
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
    close: () => emulator.close(),
  };
}
