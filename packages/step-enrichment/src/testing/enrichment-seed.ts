import type { KeyAccount } from './directory-state.js';

/** The emulator's API keys, one per demo account. */
export const DEMO_KEYS = {
  /** Prospecting: 1,000 credits. */
  prospecting: 'enr-demo-key-prospecting-7f3a91',
  /** Sales team: 250 credits. */
  sales: 'enr-demo-key-sales-2b64c0',
  /** A key whose credits are spent: every charged answer is 402 `insufficient_credits`. */
  spent: 'enr-demo-key-spent-0c1d55',
} as const;

export const DEMO_BALANCES: Record<string, KeyAccount> = {
  [DEMO_KEYS.prospecting]: { name: 'Demo prospecting', remaining: 1_000 },
  [DEMO_KEYS.sales]: { name: 'Demo sales team', remaining: 250 },
  [DEMO_KEYS.spent]: { name: 'Demo (credits spent)', remaining: 0 },
};

/** Search paths the emulator serves, the connection's defaults (the provider names none). */
export const DEMO_SEARCH_PATHS = { person: '/person/search', company: '/company/search' } as const;
