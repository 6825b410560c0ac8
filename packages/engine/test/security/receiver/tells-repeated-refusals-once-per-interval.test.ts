import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { TriggerHost } from '../../../src/index.js';
import { type BoardSetup, boardSetup, type EventLog } from '../../triggers/host/host-helpers.js';

/** Sends `count` requests, `inFlight` at a time. */
async function flood(count: number, inFlight: number, send: (index: number) => Promise<Response>) {
  let next = 0;
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const response = await send(next++);
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    }),
  );
  return statuses;
}

jest.setTimeout(120_000);

describe('refused requests, however many', () => {
  let setup: BoardSetup;
  let host: TriggerHost;
  let log: EventLog;

  beforeEach(async () => {
    setup = await boardSetup();
    ({ host, log } = await setup.host());
    await host.activate('triage-new-bugs');
    await host.start();
  });
  afterEach(() => setup.close());

  it('are told once per kind and interval, with a count, and never repeat more than 64 characters of a URL', async () => {
    // 2,000 requests at binding ids of 2,000 characters, and 500 unsigned ones at the real binding.
    const unknown = await flood(2000, 20, (index) =>
      fetch(`${setup.publicUrl}/hooks/${String(index).padStart(2000, 'x')}`, { method: 'POST' }),
    );
    const unsigned = await flood(500, 20, () =>
      fetch(`${setup.publicUrl}/hooks/triage-new-bugs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-board-delivery': 'd-1' },
        body: '{}',
      }),
    );
    expect(new Set(unknown)).toEqual(new Set([404]));
    expect(new Set(unsigned)).toEqual(new Set([401]));
    // Stopping tells what is counted and not told yet.
    await host.stop();

    const kinds = [
      { status: 404, bindingId: undefined },
      { status: 401, bindingId: 'triage-new-bugs' },
    ];
    for (const { status, bindingId } of kinds) {
      const first = log.of('delivery.rejected').filter((event) => event.status === status);
      const counts = log.of('deliveries.rejected').filter((event) => event.status === status);
      // The first of the kind, then one count per interval it kept coming in.
      expect(first.length).toBeGreaterThanOrEqual(1);
      expect(first.length + counts.reduce((sum, event) => sum + event.count, 0)).toBe(
        status === 404 ? 2000 : 500,
      );
      for (const event of counts) expect(event.bindingId).toBe(bindingId);
    }
    // A few events per kind and 10 s, whatever the number of requests (2,500 here; the test's
    // timeout leaves at most 12 intervals): bounded in number and in size.
    const rejections = [...log.of('delivery.rejected'), ...log.of('deliveries.rejected')];
    expect(rejections.length).toBeLessThan(60);
    for (const event of log.of('delivery.rejected'))
      expect([...(event.bindingId ?? '')].length).toBeLessThanOrEqual(65);
    expect(JSON.stringify(rejections).length).toBeLessThan(20_000);
  });
});
