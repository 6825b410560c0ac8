import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import type { AnyStep } from '@toolsteps/engine';
import { FakeClock, type TestStepOptions, testStep } from '@toolsteps/engine/testing';
import '../src/index.js';
import { createGithubEmulator, type GithubEmulator } from '../src/testing/index.js';

const FAKE_START = Date.parse('2030-01-01T00:00:00Z');

/**
 * One emulator per test file, its demo state put back before each test. `run` executes a step
 * through the real engine against it as octocat (or the account given). With `fakeClock`, the
 * emulator and the engine share a FakeClock (fresh per test), so a rate-limit wait moves time past
 * the reset at once.
 */
export function useGithubEmulator(options: { fakeClock?: boolean } = {}) {
  let emulator: GithubEmulator | undefined;
  let clock = new FakeClock(FAKE_START);
  beforeAll(async () => {
    emulator = await createGithubEmulator(options.fakeClock ? { now: () => clock.now() } : {});
  });
  beforeEach(() => {
    clock = new FakeClock(FAKE_START);
    emulator?.resetState();
    emulator?.reset();
  });
  afterAll(async () => {
    await emulator?.close();
  });
  const current = (): GithubEmulator => {
    if (emulator === undefined) throw new Error('The GitHub emulator is not started yet');
    return emulator;
  };
  return {
    get emulator() {
      return current();
    },
    /** The test's clock; the engine uses it only with `fakeClock`. */
    get clock() {
      return clock;
    },
    run: <R = unknown>(step: AnyStep, input: Record<string, unknown>, stepOptions: TestStepOptions = {}) =>
      testStep<R>(step, input, {
        account: current().account,
        ...(options.fakeClock ? { clock } : {}),
        ...stepOptions,
      }),
  };
}
