import { describe, expect, it } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import github from '../../src/index.js';
import { useGithubEmulator } from '../github-fixture.js';

describe('mutating requests of one account start apart, as GitHub asks (minWriteIntervalMs)', () => {
  const gh = useGithubEmulator();

  it('keeps the configured gap between writes, even from a concurrent forEach', async () => {
    const account = {
      ...gh.emulator.account,
      settings: { ...gh.emulator.account.settings, minWriteIntervalMs: 400 },
    };
    const engine = await createEngine({ integrations: [github], accounts: [account] });
    const result = await engine.run(
      {
        text: JSON.stringify({
          id: 'three-issues',
          steps: [
            {
              id: 'file',
              forEach: {
                items: '{% ["a", "b", "c"] %}',
                as: 'name',
                concurrency: 3,
                steps: [
                  {
                    id: 'create',
                    step: 'github.create_issue',
                    args: { owner: 'octo-org', repo: 'hello-world', title: '{% "Issue " & $name %}' },
                  },
                ],
              },
            },
          ],
        }),
      },
      {},
    );
    expect(result.status).toBe('succeeded');
    const arrivals = gh.emulator.requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.receivedAt);
    expect(arrivals).toHaveLength(3);
    // A lower bound only, which a slow machine cannot break. Arrivals, not departures, are what the
    // emulator sees: a busy machine may delay one request's arrival, so the gap gets 100 ms of slack.
    for (let index = 1; index < arrivals.length; index++) {
      expect(arrivals[index] - arrivals[index - 1]).toBeGreaterThanOrEqual(300);
    }
  });

  it('defaults to one second for a real account, and the emulator’s accounts opt out', () => {
    const binding = github.http({ ...gh.emulator.account, settings: { login: 'octocat' } });
    expect(binding.rateLimit).toMatchObject({ writeConcurrency: 1, writeIntervalMs: 1_000 });
    expect(github.http(gh.emulator.account).rateLimit).toMatchObject({ writeIntervalMs: 0 });
  });
});
