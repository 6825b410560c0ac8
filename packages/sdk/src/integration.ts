import type { TSchema } from '@sinclair/typebox';
import type { ConnectedAccount } from './account.js';
import type { ConnectSpec } from './connect.js';
import type { IntegrationCredits } from './credits.js';
import type { HttpRequest } from './http.js';
import type { AnyStep } from './step.js';
import type { AnyTrigger, IntegrationWebhooks } from './trigger.js';

/**
 * Which credential fields are secrets, scrubbed from all output by value and never sent for another
 * account. Each kind has its own (`token`; `apiKey`; `accessToken`, `refreshToken`, `clientSecret`);
 * fields whose name says secret (`…Secret`, `…Password`, `…Key`) count too. Ids, names and dates don't.
 */
export interface DeclaresSecretFields {
  /** Further credential fields that are secrets though their name does not say so, e.g. `pat`. */
  secretFields?: readonly string[];
}

/** `Authorization: Bearer <credentials.token>`. */
export interface TokenAuth extends DeclaresSecretFields {
  kind: 'token';
}

/** An API key sent in a header whose name and value the integration decides, per request if needed. */
export interface ApiKeyAuth extends DeclaresSecretFields {
  kind: 'apiKey';
  /** Header name; default `authorization`. */
  header?: string;
  /** The header value; default `Bearer <credentials.apiKey>`. */
  value?: (account: ConnectedAccount, request: HttpRequest) => string;
}

/**
 * OAuth 2 with refresh. Credentials: `accessToken`, `refreshToken`, `expiresAt` (ISO time),
 * `clientId`, `clientSecret`. Tokens are refreshed ahead of expiry and once after a 401.
 */
export interface OAuth2Auth extends DeclaresSecretFields {
  kind: 'oauth2';
  /** The token endpoint (absolute); it is called by the engine, never by a step. */
  tokenUrl: (account: ConnectedAccount) => string;
  /** How long before expiry a token is refreshed; default 60 s. */
  refreshAheadMs?: number;
}

export type AuthSpec = TokenAuth | ApiKeyAuth | OAuth2Auth;

/** Client-side limits for one account, so steps stay within the API's documented quotas. */
export interface RateLimitSpec {
  /** At most this many requests in flight per account. */
  concurrency?: number;
  /** At most `intervalCap` requests start per `intervalMs` per account. */
  intervalCap?: number;
  intervalMs?: number;
  /**
   * At most this many mutating requests (not GET or HEAD, from a step that is not a `read`) in flight
   * per account, within `concurrency`: GitHub asks for 1.
   */
  writeConcurrency?: number;
  /** Mutating requests of one account start at least this far apart (GitHub asks for 1 s); 0 for none. */
  writeIntervalMs?: number;
}

/** What an integration recognises in an answer as a rate-limit refusal its status alone does not show. */
export interface RateLimitRefusal {
  /** The least wait before trying again, when the answer names none (no Retry-After). */
  minWaitMs: number;
}

/** The parts of an answer an integration's rate-limit hooks look at. */
export interface AnswerView {
  status: number;
  /** Lowercase names. */
  headers: Record<string, string>;
  body: unknown;
}

/** How a request to the API is addressed: one binding per connected account. */
export interface HttpBinding {
  baseUrl: string;
  /**
   * Other roots of the same API that the account's credentials may also go to, by name: e.g. GitHub
   * Enterprise Server's GraphQL at `https://HOST/api/graphql` beside its REST root `https://HOST/api/v3`.
   * A request picks one with `endpoint`; its path stays under that root.
   */
  endpoints?: Record<string, string>;
  headers?: Record<string, string>;
  /** Per-attempt timeout; default 30 s. */
  timeoutMs?: number;
  /** Larger response bodies are refused; default 10 MiB. */
  maxResponseBytes?: number;
  /** Retry attempts for retryable failures, first try included; default 4. */
  maxAttempts?: number;
  /** Longest wait between attempts (Retry-After included) before giving up; default 60 s. */
  maxRetryDelayMs?: number;
  rateLimit?: RateLimitSpec;
  /**
   * Recognises rate-limit refusals that look like something else, e.g. GitHub's 403 "secondary rate
   * limit" without Retry-After. Such an answer becomes `rate_limited` and is retried after the wait.
   */
  rateLimitRefusal?: (answer: AnswerView) => RateLimitRefusal | undefined;
  /**
   * Names the quota a request counts against, when the API keeps several (GitHub: core, search,
   * graphql). The engine tracks `x-ratelimit-remaining`/`-reset` per name and holds requests of an
   * exhausted quota until its reset. Default: one quota per account.
   */
  quotaOf?: (request: { method: string; path: string; endpoint?: string }) => string;
}

/** A catalogued integration: its connection, auth, HTTP addressing, steps and triggers. */
export interface Integration {
  id: string;
  title: string;
  description?: string;
  status: 'stable' | 'beta';
  /** JSON Schema of an account's `settings` (e.g. Zendesk's subdomain). */
  connection: TSchema;
  auth: AuthSpec;
  /**
   * For an integration that accepts several kinds of credentials (Zendesk: an OAuth grant or an API
   * token), the kind one account signs with, chosen from its credentials. Default: `auth`.
   */
  authOf?: (account: ConnectedAccount) => AuthSpec;
  /** How a user connects an account: the provider's OAuth authorization, or an API key (`engine.connect`). */
  connect?: ConnectSpec;
  http: (account: ConnectedAccount) => HttpBinding;
  steps: AnyStep[];
  /** Where an account's own credit budget is kept, for integrations whose steps are metered. */
  credits?: IntegrationCredits;
  /** Third-party events that start workflows, catalogued beside the steps (ids unique among both). */
  triggers?: AnyTrigger[];
  /** How its webhook triggers are registered at the third party and their deliveries verified; they need it. */
  webhooks?: IntegrationWebhooks;
  /** Starts this integration's emulator with demo accounts, for `toolsteps emulate` and offline runs. */
  emulate?: (options?: EmulateOptions) => Promise<EmulatorSession>;
}

/** How the CLI starts an emulator. */
export interface EmulateOptions {
  /** Port on 127.0.0.1; default 0, a free one (`toolsteps emulate --port`). */
  port?: number;
  /**
   * Host names besides loopback's that the emulator answers to (`toolsteps emulate --allow-host`):
   * see the test kit's `createEmulator({ allowedHosts })`.
   */
  allowedHosts?: string[];
  /** For an emulator that sends webhooks: hosts besides loopback it may send them to (`--hook-host`). */
  hookHosts?: string[];
}

/** A running emulator as the CLI sees it. */
export interface EmulatorSession {
  integration: string;
  baseUrl: string;
  /**
   * Accounts (with demo credentials) that reach this emulator, one per seeded user. The first is the
   * default: a step naming no account of the integration uses it.
   */
  accounts: ConnectedAccount[];
  /** For an emulator with control routes (`/_emulator/…`): the token they take, as `Authorization: Bearer`. */
  controlToken?: string;
  /**
   * For an emulator that authorizes like its provider (OAuth): the demo OAuth app registered in it, so
   * `toolsteps connect` completes a flow against it.
   */
  oauthClient?: { clientId: string; clientSecret: string; origins?: string[] };
  close(): Promise<void>;
}

/** How one account of an integration signs its requests: its `authOf` choice, else the integration's `auth`. */
export function authOfAccount(integration: Integration, account: ConnectedAccount): AuthSpec {
  return integration.authOf?.(account) ?? integration.auth;
}

/**
 * Which integration each defined step and trigger belongs to, so a single one can be tested on its own.
 * One map for every copy of the sdk (`Symbol.for`): the engine's test kit finds the integration of a
 * step that a package defined with its own copy.
 */
const OWNERS = Symbol.for('@toolsteps/sdk/owners');
const shared = globalThis as { [OWNERS]?: WeakMap<AnyStep | AnyTrigger, Integration> };
shared[OWNERS] ??= new WeakMap();
const owners = shared[OWNERS];

export function defineIntegration(integration: Integration): Integration {
  checkAccountBudgetSetting(integration);
  const prefix = `${integration.id}.`;
  const ids = new Set<string>();
  for (const step of integration.steps) {
    if (!step.id.startsWith(prefix)) {
      throw new Error(
        `Step "${step.id}" of integration "${integration.id}" must have an id starting with "${prefix}"`,
      );
    }
    ids.add(step.id);
    owners.set(step, integration);
  }
  for (const trigger of integration.triggers ?? []) {
    if (!trigger.id.startsWith(prefix)) {
      throw new Error(
        `Trigger "${trigger.id}" of integration "${integration.id}" must have an id starting with "${prefix}"`,
      );
    }
    // One catalog namespace: `toolsteps describe <id>` must name exactly one thing.
    if (ids.has(trigger.id))
      throw new Error(
        `Integration "${integration.id}" defines "${trigger.id}" twice (as a step or a trigger)`,
      );
    if (trigger.delivery === 'webhook' && integration.webhooks === undefined) {
      throw new Error(
        `Trigger "${trigger.id}" is a webhook trigger, so integration "${integration.id}" needs "webhooks" (how its webhooks are registered and verified)`,
      );
    }
    ids.add(trigger.id);
    owners.set(trigger, integration);
  }
  return integration;
}

/** An account budget read from a setting the connection does not declare would never be set. */
function checkAccountBudgetSetting(integration: Integration): void {
  const setting = integration.credits?.accountBudgetSetting;
  if (setting === undefined) return;
  const declared = (integration.connection as { properties?: Record<string, unknown> }).properties ?? {};
  if (!Object.hasOwn(declared, setting)) {
    throw new Error(
      `Integration "${integration.id}" keeps account budgets in setting "${setting}", which its connection schema does not declare`,
    );
  }
}

/** The integration a step was defined in, when it went through defineIntegration. */
export function integrationOfStep(step: AnyStep): Integration | undefined {
  return owners.get(step);
}

/** The integration a trigger was defined in, when it went through defineIntegration. */
export function integrationOfTrigger(trigger: AnyTrigger): Integration | undefined {
  return owners.get(trigger);
}
