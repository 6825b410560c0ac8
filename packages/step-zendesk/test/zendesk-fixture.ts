import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import type { AnyStep } from '@toolsteps/engine';
import { FakeClock, type TestStepOptions, testStep } from '@toolsteps/engine/testing';
import '../src/index.js';
import { createZendeskEmulator, type ZendeskEmulator } from '../src/testing/index.js';

const FAKE_START = Date.parse('2030-01-01T00:00:00Z');

/**
 * One emulator per test file, its demo seed put back before each test. `run` executes a step
 * through the real engine as Marco, an agent signed in with OAuth (or the account given). The
 * emulator and the engine share a FakeClock (fresh per test): token expiry and Retry-After waits
 * move time instead of waiting.
 */
export function useZendeskEmulator() {
  let emulator: ZendeskEmulator | undefined;
  let clock = new FakeClock(FAKE_START);
  beforeAll(async () => {
    emulator = await createZendeskEmulator({ now: () => clock.now() });
  });
  beforeEach(() => {
    clock = new FakeClock(FAKE_START);
    emulator?.resetState();
    emulator?.reset();
  });
  afterAll(async () => {
    await emulator?.close();
  });
  const current = (): ZendeskEmulator => {
    if (emulator === undefined) throw new Error('The Zendesk emulator is not started yet');
    return emulator;
  };
  return {
    get emulator() {
      return current();
    },
    get clock() {
      return clock;
    },
    run: <R = unknown>(step: AnyStep, input: Record<string, unknown>, options: TestStepOptions = {}) =>
      testStep<R>(step, input, { account: current().account, clock, ...options }),
  };
}
