import { createEmulator, type Emulator } from '@toolsteps/emulator';
import type { ConnectedAccount, EmulateOptions, EmulatorSession } from '@toolsteps/sdk';
import { emitRunCompleted } from './actions/webhook-actions-events.js';
import { registerGithubRoutes } from './github-routes.js';
import { DEMO_LOGIN, DEMO_TOKEN, HUBOT_TOKEN, MONA_TOKEN, seedGithubState } from './github-seed.js';
import { GithubState } from './github-state.js';
import {
  emitWebhook,
  redeliverWebhook,
  registerWebhookControls,
  type WebhookEmission,
} from './hooks/webhook-controls.js';
import { WebhookDeliveries, type WebhookDelivery } from './hooks/webhook-deliveries.js';
import { demoOAuthApp } from './oauth/oauth-app.js';
import { registerOAuthRoutes } from './oauth/oauth-routes.js';
import type { OAuthGrant } from './oauth/oauth-tokens-store.js';
import type { QuotaSetting, SecondaryLimitSetting } from './shared/github-quota.js';

export interface GithubEmulatorOptions {
  /** Port on 127.0.0.1; default 0, a free one. */
  port?: number;
  /** The emulator's clock (rate-limit windows, timestamps); default Date.now. */
  now?: () => number;
  /** How long a webhook receiver may take to answer; default 10 s, as on GitHub. */
  webhookTimeoutMs?: number;
  /** Host names besides loopback's that the emulator answers to (see EmulatorOptions.allowedHosts). */
  allowedHosts?: readonly string[];
  /**
   * Hosts besides loopback that webhooks may be sent to, say a receiver in another container. Default
   * none: a hook whose URL names another host stays registered, and each of its deliveries is logged
   * failed, saying why, without a request sent.
   */
  hookHosts?: readonly string[];
  /**
   * Callback URLs of the demo OAuth app besides loopback's (`http://127.0.0.1/`, `http://localhost/`,
   * `http://[::1]/`, under which a redirect_uri may name any port and path); the first is the app's
   * own, where a flow without `redirect_uri` returns. A redirect_uri must fall under one, as on GitHub.
   */
  oauthCallbackUrls?: readonly string[];
  /** The device flow's polling interval in seconds; default 5, as on GitHub. 0 lets a test poll at will. */
  deviceFlowIntervalS?: number;
}

/**
 * GitHub's REST API (and the Projects v2 part of GraphQL) on loopback, with in-memory state.
 *
 * Addressing: `baseUrl` is like https://api.github.com, `${baseUrl}/api/v3` like a GitHub Enterprise
 * Server; GraphQL is at `/graphql` and `/api/graphql` respectively. Every call needs a token
 * (`Authorization: Bearer <token>` or `token <token>`) and counts against the caller's quota, whose
 * state every answer carries in `x-ratelimit-*` headers. Errors are GitHub's
 * `{message, documentation_url, errors?, status}`.
 *
 * Workflow runs move on by being read: each GET of one run answers with its current state and then
 * advances it one step (queued, in_progress, completed with its planned outcome); lists never move
 * runs. On GitHub a run finishes in its own time; here a caller polling a dispatched run sees it
 * finish after a few reads, with no clock or background timer, so tests and the demo stay
 * deterministic. `state.actions.planOutcome` chooses how a run ends, `completeRun` ends it at once.
 *
 * Webhooks: hooks registered through the API (`/repos/{owner}/{repo}/hooks`, `/orgs/{org}/hooks`)
 * receive signed deliveries when the state changes through the API (an issue opened, a star, a
 * push...), after the answer, in order per hook, on loopback only unless `hookHosts` allows more.
 * `deliveries` is the log; `emitWebhook` sends any event and `redeliverWebhook` repeats a delivery,
 * also over HTTP at `POST /_emulator/webhooks/emit` and
 * `POST /_emulator/webhooks/deliveries/{id}/redeliver`, with the emulator's control token
 * (`Authorization: Bearer <controlToken>`).
 *
 * OAuth: a demo OAuth app (`oauthClient`) authorizes through GitHub's own flows, so a connect flow
 * runs offline. Web flow: `GET /login/oauth/authorize` shows no sign-in or consent page but decides at
 * once, as octocat or the seeded user GitHub's `login` hint names, and redirects (302) to the
 * redirect_uri with a `code` (single use, 10 minutes by the emulator's clock, bound to client, user,
 * redirect_uri, scopes and PKCE S256 challenge) and the `state`; the emulator-only `decision=deny`
 * clicks Cancel (`error=access_denied`). `POST /login/oauth/access_token` exchanges the code (form,
 * JSON or query parameters; answers form-encoded, or JSON for `Accept: application/json`, and refusals
 * 200 with GitHub's `error`s). Device flow: `POST /login/device/code`, the user code approved (or
 * denied) by `GET /login/device?user_code=…` alike, polled with the device grant type
 * (`authorization_pending`, `slow_down`, `expired_token`, `access_denied`, ...). The token it gives works
 * with the API like a demo one, whose answers then carry `X-OAuth-Scopes` (scopes are reported, not
 * enforced). `DELETE /applications/{client_id}/grant` and `.../token` revoke, `POST .../token` checks,
 * with Basic `client_id:client_secret`.
 */
export interface GithubEmulator extends Emulator {
  /** The demo account: octocat's token at `baseUrl`. */
  readonly account: ConnectedAccount;
  /** The same user addressed as a GitHub Enterprise Server (`${baseUrl}/api/v3`). */
  readonly enterpriseAccount: ConnectedAccount;
  /** The live state, for tests to arrange and inspect. */
  readonly state: GithubState;
  /** An account for another seeded user's token. */
  accountFor(login: string, token: string): ConnectedAccount;
  /** Sets a user's primary quota, e.g. `{ remaining: 0, resetInS: 1 }`. */
  setQuota(login: string, setting: QuotaSetting): void;
  /** Refuses the next requests for a secondary rate limit. */
  secondaryLimit(setting?: SecondaryLimitSetting): void;
  /** The token stops working from the next request on (401 Bad credentials). */
  revokeToken(token: string): void;
  /** Puts back the demo seed and fresh quotas, and empties the delivery log. Faults and the request log stay. */
  resetState(): void;
  /** Every webhook delivery (and redelivery) since start or the last `resetState`, oldest first. */
  readonly deliveries: readonly WebhookDelivery[];
  /** Sends an event to the hooks of a repository (and its organization) or of an organization. */
  emitWebhook(emission: WebhookEmission): WebhookDelivery[];
  /** Sends a logged delivery again, with the same `X-GitHub-Delivery` id and body. */
  redeliverWebhook(id: string): WebhookDelivery;
  /** Resolves once every delivery sent so far has been answered or has failed. */
  webhooksSettled(): Promise<void>;
  /** The demo OAuth app: its client id and secret (public demo values, `DEMO_OAUTH_CLIENT_ID`/`_SECRET`). */
  /** The demo OAuth app, registered at this emulator's origin (`origins`), for `engine.connect`. */
  readonly oauthClient: { clientId: string; clientSecret: string; origins: string[] };
  /** The users' authorizations of OAuth apps, with their scopes and how many of their tokens still work. */
  oauthGrants(): OAuthGrant[];
}

/** Starts the GitHub emulator with the demo seed. */
export async function createGithubEmulator(options: GithubEmulatorOptions = {}): Promise<GithubEmulator> {
  const webhooks = new WebhookDeliveries({
    timeoutMs: options.webhookTimeoutMs,
    now: options.now,
    hookHosts: options.hookHosts,
  });
  // Runs a test completes send their webhooks as runs read to completion do.
  const events = { runCompleted: emitRunCompleted };
  // Before the server starts: bad callback URLs or interval are refused at once.
  const oauthApp = demoOAuthApp({
    callbackUrls: options.oauthCallbackUrls,
    deviceIntervalS: options.deviceFlowIntervalS,
  });
  let state = seedGithubState(new GithubState(options.now, webhooks, events));
  const emulator = await createEmulator({
    port: options.port,
    allowedHosts: options.allowedHosts,
    routes: (app) => {
      // Before the API: its middleware would ask the controls (and the OAuth flows) for a token.
      registerWebhookControls(app, () => state);
      registerOAuthRoutes(app, () => state, oauthApp, DEMO_LOGIN);
      registerGithubRoutes(app, () => state);
    },
  });
  webhooks.baseUrl = emulator.baseUrl;
  const close = emulator.close.bind(emulator);
  const accountFor = (login: string, token: string, baseUrl = emulator.baseUrl): ConnectedAccount => ({
    id: `github-${login}`,
    integration: 'github',
    name: login,
    // The emulator keeps no secondary limits, so its accounts need not space their writes.
    settings: { baseUrl, login, minWriteIntervalMs: 0 },
    credentials: { token },
  });
  const controls: Omit<GithubEmulator, keyof Emulator> = {
    account: accountFor(DEMO_LOGIN, DEMO_TOKEN),
    enterpriseAccount: {
      ...accountFor(DEMO_LOGIN, DEMO_TOKEN, `${emulator.baseUrl}/api/v3`),
      id: 'github-ghes',
    },
    get state() {
      return state;
    },
    accountFor: (login, token) => accountFor(login, token),
    setQuota: (login, setting) => state.quotas.set(login, setting),
    secondaryLimit: (setting = {}) => state.quotas.secondaryLimit(setting),
    revokeToken: (token) => {
      state.tokens.delete(token);
    },
    resetState: () => {
      webhooks.clear();
      state = seedGithubState(new GithubState(options.now, webhooks, events));
    },
    get deliveries() {
      return webhooks.log;
    },
    emitWebhook: (emission) => emitWebhook(state, emission),
    redeliverWebhook: (id) => redeliverWebhook(state, id),
    webhooksSettled: () => webhooks.settled(),
    oauthClient: {
      clientId: oauthApp.clientId,
      clientSecret: oauthApp.clientSecret,
      origins: [emulator.baseUrl],
    },
    oauthGrants: () => state.oauth.tokens.grants(),
  };
  // Deliveries in flight are cut and awaited first, so a test's receiver sees no late request.
  emulator.close = async () => {
    await webhooks.close();
    await close();
  };
  // Copied as descriptors: Object.assign would freeze the `state` getter at the first state object.
  return Object.defineProperties(emulator, Object.getOwnPropertyDescriptors(controls)) as GithubEmulator;
}

/** The emulator as the CLI starts it (`toolsteps emulate github`, or a run without --accounts). */
export async function startGithubEmulator(options: EmulateOptions = {}): Promise<EmulatorSession> {
  const { port, allowedHosts, hookHosts } = options;
  const emulator = await createGithubEmulator({ port, allowedHosts, hookHosts });
  return {
    integration: 'github',
    baseUrl: emulator.baseUrl,
    // `toolsteps serve` against `toolsteps emulate github` drives deliveries through the controls.
    controlToken: emulator.controlToken,
    // Octocat first, the default; hubot and mona by name, to act as a collaborator or an outsider.
    accounts: [
      emulator.account,
      emulator.accountFor('hubot', HUBOT_TOKEN),
      emulator.accountFor('mona', MONA_TOKEN),
    ],
    // `toolsteps connect` authorizes against the emulator with this app, through GitHub's own flows.
    oauthClient: emulator.oauthClient,
    close: () => emulator.close(),
  };
}
