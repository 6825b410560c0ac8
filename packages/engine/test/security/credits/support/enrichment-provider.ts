import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import enrichment from '../../../../../step-enrichment/src/index.js';
import {
  createEnrichmentEmulator,
  DEMO_KEYS,
  type EnrichmentEmulator,
} from '../../../../../step-enrichment/src/testing/index.js';

export { enrichment };

/** A contact with a phone number: 2 credits a match. */
export const ANA = { email: 'ana.ruiz@northwind-analytics.example' };
/** A contact without one: 1 credit. */
export const JULIA = { email: 'julia.kim@polarpeak.example' };

/**
 * 225 contacts, a worst case of 450 credits (2 each), sent in three batches: the first costs 200,
 * the second 150 (50 with a phone, 50 without), the third 50; 400 in all.
 */
export const CONTACTS = [
  ...Array.from({ length: 150 }, () => ANA),
  ...Array.from({ length: 50 }, () => JULIA),
  ...Array.from({ length: 25 }, () => ANA),
];

/** The run: one bulk step of CONTACTS under `defaults.maxCredits` 450. */
export const BULK_WITHIN_450 = {
  id: 'enrich-within-450',
  defaults: { maxCredits: 450 },
  steps: [{ id: 'enrich', step: 'enrichment.enrich_contacts', args: { people: CONTACTS } }],
};

/**
 * The sales-intelligence provider's emulator for one test file, put back before each test. What it
 * charged comes from its own ledger (`charged()`), counted as it processes requests, whatever the
 * engine reports and whether or not an answer came back.
 */
export function useEnrichmentProvider() {
  let emulator: EnrichmentEmulator | undefined;
  beforeAll(async () => {
    emulator = await createEnrichmentEmulator();
  });
  beforeEach(() => {
    emulator?.resetState();
    emulator?.reset();
  });
  afterAll(() => emulator?.close());
  const started = (): EnrichmentEmulator => {
    if (!emulator) throw new Error('The enrichment emulator is not started yet');
    return emulator;
  };
  const key = () => started().state.keys.get(DEMO_KEYS.prospecting)!;
  return {
    get emulator() {
      return started();
    },
    /** The prospecting account (1,000 credits unless `balance` says otherwise). */
    get account() {
      return started().account;
    },
    /** Sets the account's balance, as a plan with fewer credits left. */
    balance(credits: number) {
      key().remaining = credits;
    },
    /** Buys `credits` more, as an operator does before resuming a run the balance stopped. */
    topUp(credits: number) {
      key().remaining += credits;
    },
    /** What the provider charged the account in this test. */
    charged: () => started().charged(DEMO_KEYS.prospecting),
    /**
     * The batches that reached the provider, oldest first, each as `records/without phone`: the
     * first batch of CONTACTS reads `100/0`, the second `100/50`, the third `25/0`.
     */
    batchesSent: () =>
      started()
        .requests.filter((request) => request.path === '/person/bulk')
        .map((request) => {
          const records = request.body as Array<{ email: string }>;
          return `${records.length}/${records.filter((record) => record.email === JULIA.email).length}`;
        }),
  };
}
