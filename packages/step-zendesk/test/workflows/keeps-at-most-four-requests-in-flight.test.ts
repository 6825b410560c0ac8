import { describe, expect, it, jest } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import zendesk from '../../src/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

jest.setTimeout(60_000);

describe("the integration's concurrency cap keeps at most 4 of an account's requests in flight", () => {
  const zd = useZendeskEmulator();

  it('holds a forEach of 10 slow requests at concurrency 10 to 4 at a time', async () => {
    zd.emulator.faults.inject({
      method: 'GET',
      path: '/api/v2/users/me*',
      delayMs: 150,
      times: Number.POSITIVE_INFINITY,
    });
    const engine = await createEngine({ integrations: [zendesk], accounts: [zd.emulator.account] });
    const workflow = await engine.load({
      text: JSON.stringify({
        id: 'ten-at-once',
        steps: [
          {
            id: 'ask',
            forEach: {
              items: '{% [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] %}',
              as: 'n',
              concurrency: 10,
              steps: [{ id: 'me', step: 'zendesk.api_call', args: { endpoint: '/api/v2/users/me.json' } }],
            },
          },
        ],
      }),
    });

    const result = await engine.run(workflow, {});

    expect(result.status).toBe('succeeded');
    expect(zd.emulator.requests).toHaveLength(10);
    expect(zd.emulator.peakInFlight).toBeLessThanOrEqual(4);
    // The loop did run them side by side, up to the cap.
    expect(zd.emulator.peakInFlight).toBeGreaterThan(1);
  });
});
