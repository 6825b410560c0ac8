import { describe, expect, it } from '@jest/globals';
import { createEngine, type Engine } from '@toolsteps/engine';
import github from '../../src/index.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

describe('engine.call tells a model one condition in one way, whichever part found it', () => {
  const gh = useGithubEmulator();
  const engine = (): Promise<Engine> =>
    createEngine({ integrations: [github], accounts: [gh.emulator.account] });

  it('a quota the engine knows is spent, refused before sending, is retryable after the reset', async () => {
    const calls = await engine();
    gh.emulator.setQuota('octocat', { remaining: 1, resetInS: 3600 });
    expect((await calls.call('github_get_repository', DEMO_REPO)).ok).toBe(true);

    const refused = await calls.call('github_get_repository', DEMO_REPO);

    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', retryable: true, retryAfterMs: expect.any(Number) },
      meta: { requests: 0, outcome: 'not_done' },
    });
    if (refused.ok) throw new Error('unreachable');
    expect(refused.error.retryAfterMs).toBeGreaterThan(3_500_000);
  });

  it("GitHub's own 429 for the same condition says the same", async () => {
    const calls = await engine();
    gh.emulator.faults.inject({
      path: '/repos/octo-org/hello-world',
      status: 429,
      headers: { 'retry-after': '3600' },
      body: { message: 'API rate limit exceeded' },
      times: Infinity,
    });

    const refused = await calls.call('github_get_repository', DEMO_REPO);

    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', retryable: true, retryAfterMs: 3_600_000 },
      meta: { outcome: 'not_done' },
    });
  });
});
