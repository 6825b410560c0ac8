import { describe, expect, it } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import github from '../../src/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const ACCEPT = { accept: 'application/vnd.github+json' };

describe('one account stays within its GitHub budget across the steps of a run', () => {
  const gh = useGithubEmulator({ fakeClock: true });

  const engineFor = () =>
    createEngine({ integrations: [github], accounts: [gh.emulator.account], clock: gh.clock });

  it('holds the next call once GitHub reports the quota spent, instead of sending one to be refused', async () => {
    gh.emulator.setQuota('octocat', { remaining: 1, resetInS: 20 });
    const engine = await engineFor();
    const workflow = await engine.load({
      text: JSON.stringify({
        id: 'two-calls',
        steps: [
          { id: 'first', step: 'github.api_call', args: { endpoint: '/user', headers: ACCEPT } },
          { id: 'second', step: 'github.api_call', args: { endpoint: '/users/hubot', headers: ACCEPT } },
        ],
      }),
    });
    const result = await engine.run(workflow, {});
    expect(result.status).toBe('succeeded');
    expect(gh.clock.sleeps).toEqual([20_000]);
    expect(gh.emulator.requests.map((request) => request.status)).toEqual([200, 200]);
  });

  it('sends mutating calls one at a time, even from a concurrent forEach', async () => {
    gh.emulator.faults.inject({
      method: 'POST',
      path: '/repos/octo-org/hello-world/issues',
      delayMs: 25,
      times: Number.POSITIVE_INFINITY,
    });
    const engine = await engineFor();
    const workflow = await engine.load({
      text: JSON.stringify({
        id: 'file-four',
        steps: [
          {
            id: 'file',
            forEach: {
              items: '{% [1, 2, 3, 4] %}',
              as: 'n',
              concurrency: 4,
              steps: [
                {
                  id: 'create',
                  step: 'github.api_call',
                  args: {
                    method: 'POST',
                    endpoint: '/repos/octo-org/hello-world/issues',
                    headers: ACCEPT,
                    body: { title: '{% "Issue " & $string($n) %}' },
                  },
                },
              ],
            },
          },
        ],
      }),
    });
    const result = await engine.run(workflow, {});
    expect(result.status).toBe('succeeded');
    expect(gh.emulator.requests.filter((request) => request.method === 'POST')).toHaveLength(4);
    expect(gh.emulator.peakInFlight).toBe(1);
  });
});
