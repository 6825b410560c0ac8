import { createEmulator, type Emulator } from '@toolsteps/emulator';
import type { ConnectedAccount, EmulateOptions, EmulatorSession } from '@toolsteps/sdk';
import { DirectoryState } from './directory-state.js';
import { DEMO_BALANCES, DEMO_KEYS, DEMO_SEARCH_PATHS } from './enrichment-seed.js';
import { authorizeProvider } from './provider-auth.js';
import { registerProviderRoutes, type SearchPaths } from './provider-routes.js';

export interface EnrichmentEmulatorOptions {
  /** Port on 127.0.0.1; default 0, a free one. */
  port?: number;
  /** The emulator's clock (epoch ms), for the per-minute request windows. */
  now?: () => number;
  /** Where the searches are served; default `/person/search` and `/company/search`. */
  searchPaths?: SearchPaths;
  /** Host names besides loopback's that the emulator answers to (see EmulatorOptions.allowedHosts). */
  allowedHosts?: readonly string[];
}

/**
 * A sales-intelligence provider on loopback: a directory of twelve companies and 36 people,
 * `POST /person`, `/company` (404 `no_match` when nothing matches), `/person/bulk` and
 * `/company/bulk` (at most 100 records, else 422 `batch_too_large`), the searches (paged by `page`
 * and `perPage`), and `GET /account`. The API key goes in `X-Api-Key` (`state.apiKeyHeader`);
 * a wrong one is 401 `invalid_api_key`. Each key has a credit balance: a person costs 2 with a
 * phone number, else 1, a company 1, a search page with results 1, no match 0; answers say so in
 * `X-Credits-Used` and `X-Credits-Remaining` (off with `state.reportsCredits = false`), and a
 * balance short of the cost is 402 `insufficient_credits`. `state.requestsPerMinute` sets a
 * per-key limit answered with 429 and Retry-After; `faults.inject` injects any other.
 */
export interface EnrichmentEmulator extends Emulator {
  readonly state: DirectoryState;
  /** Demo accounts, by key: prospecting (1,000 credits), sales (250), spent (0). */
  readonly accounts: { prospecting: ConnectedAccount; sales: ConnectedAccount; spent: ConnectedAccount };
  /** The prospecting account. */
  readonly account: ConnectedAccount;
  /** Credits left on a key. */
  remaining(key: string): number | undefined;
  /**
   * Credits the provider took from a key since its state was last put back: its own ledger,
   * counted as requests are processed, whether or not their answer reached the client.
   */
  charged(key: string): number;
  /** Puts back the seed and the demo balances, and the switches to their defaults. */
  resetState(): void;
}

export async function createEnrichmentEmulator(
  options: EnrichmentEmulatorOptions = {},
): Promise<EnrichmentEmulator> {
  const state = new DirectoryState(options.now ?? Date.now).seed(DEMO_BALANCES);
  const emulator = await createEmulator({
    port: options.port,
    allowedHosts: options.allowedHosts,
    authorize: authorizeProvider(state),
    routes: (app) => registerProviderRoutes(app, state, options.searchPaths ?? DEMO_SEARCH_PATHS),
  });
  const account = (id: string, key: string): ConnectedAccount => ({
    id,
    integration: 'enrichment',
    name: DEMO_BALANCES[key].name,
    settings: { baseUrl: emulator.baseUrl },
    credentials: { apiKey: key },
  });
  const accounts = {
    prospecting: account('enrichment-demo', DEMO_KEYS.prospecting),
    sales: account('enrichment-demo-sales', DEMO_KEYS.sales),
    spent: account('enrichment-demo-spent', DEMO_KEYS.spent),
  };
  const controls: Omit<EnrichmentEmulator, keyof Emulator> = {
    state,
    accounts,
    account: accounts.prospecting,
    remaining: (key) => state.keys.get(key)?.remaining,
    charged: (key) => state.charges.get(key) ?? 0,
    resetState: () => {
      state.seed(DEMO_BALANCES);
    },
  };
  return Object.assign(emulator, controls);
}

/** The emulator as the CLI starts it (`toolsteps emulate enrichment`, or a run without --accounts). */
export async function startEnrichmentEmulator(options: EmulateOptions = {}): Promise<EmulatorSession> {
  const emulator = await createEnrichmentEmulator({ port: options.port, allowedHosts: options.allowedHosts });
  return {
    integration: 'enrichment',
    baseUrl: emulator.baseUrl,
    accounts: [emulator.accounts.prospecting, emulator.accounts.sales, emulator.accounts.spent],
    close: () => emulator.close(),
  };
}
