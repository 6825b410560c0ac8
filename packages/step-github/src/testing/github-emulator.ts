import type { ConnectedAccount, EmulatorSession } from '@toolsteps/engine';
import { createEmulator, type Emulator } from '@toolsteps/engine/testing';
import type { QuotaSetting, SecondaryLimitSetting } from './github-quota.js';
import { registerGithubRoutes } from './github-routes.js';
import { DEMO_LOGIN, DEMO_TOKEN, seedGithubState } from './github-seed.js';
import { GithubState } from './github-state.js';

export interface GithubEmulatorOptions {
  /** Port on 127.0.0.1; default 0, a free one. */
  port?: number;
  /** The emulator's clock (rate-limit windows, timestamps); default Date.now. */
  now?: () => number;
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
  /** Puts back the demo seed and fresh quotas. Faults and the request log stay. */
  resetState(): void;
}

/** Starts the GitHub emulator with the demo seed. */
export async function createGithubEmulator(options: GithubEmulatorOptions = {}): Promise<GithubEmulator> {
  let state = seedGithubState(new GithubState(options.now));
  const emulator = await createEmulator({
    port: options.port,
    routes: (app) => registerGithubRoutes(app, () => state),
  });
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
      state = seedGithubState(new GithubState(options.now));
    },
  };
  // Copied as descriptors: Object.assign would freeze the `state` getter at the first state object.
  return Object.defineProperties(emulator, Object.getOwnPropertyDescriptors(controls)) as GithubEmulator;
}

/** The emulator as the CLI starts it (`toolsteps emulate github`, or a run without --accounts). */
export async function startGithubEmulator(): Promise<EmulatorSession> {
  const emulator = await createGithubEmulator();
  return {
    integration: 'github',
    baseUrl: emulator.baseUrl,
    accounts: [emulator.account],
    close: () => emulator.close(),
  };
}
