import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import type { AnyStep } from '@toolsteps/engine';
import { FakeClock, type TestStepOptions, testStep } from '@toolsteps/engine/testing';
import '../src/index.js';
import { createEnrichmentEmulator, type EnrichmentEmulator } from '../src/testing/index.js';

const FAKE_START = Date.parse('2030-01-01T00:00:00Z');

/**
 * One emulator per test file, its directory and balances put back before each test. `run`
 * executes a step through the real engine with the prospecting account (1,000 credits) or the
 * account given. Emulator and engine share a FakeClock: Retry-After waits move time instead of waiting.
 */
export function useEnrichmentEmulator() {
  let emulator: EnrichmentEmulator | undefined;
  let clock = new FakeClock(FAKE_START);
  beforeAll(async () => {
    emulator = await createEnrichmentEmulator({ now: () => clock.now() });
  });
  beforeEach(() => {
    clock = new FakeClock(FAKE_START);
    emulator?.resetState();
    emulator?.reset();
  });
  afterAll(async () => {
    await emulator?.close();
  });
  const current = (): EnrichmentEmulator => {
    if (emulator === undefined) throw new Error('The enrichment emulator is not started yet');
    return emulator;
  };
  return {
    get emulator() {
      return current();
    },
    get clock() {
      return clock;
    },
    run: <R = any>(step: AnyStep, input: Record<string, unknown>, options: TestStepOptions = {}) =>
      testStep<R>(step, input, { account: current().account, clock, ...options }),
  };
}
