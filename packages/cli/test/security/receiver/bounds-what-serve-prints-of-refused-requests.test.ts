import { describe, expect, it, jest } from '@jest/globals';
import { useBoardWorld } from '../../support/board-world.js';
import { startCli } from '../../support/cli-process.js';

jest.setTimeout(240_000);

/** Sends `count` requests, `inFlight` at a time; their statuses. */
async function flood(count: number, inFlight: number, send: (index: number) => Promise<Response>) {
  let next = 0;
  const statuses = new Set<number>();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const response = await send(next++);
        await response.arrayBuffer();
        statuses.add(response.status);
      }
    }),
  );
  return statuses;
}

describe('what toolsteps serve prints of refused requests', () => {
  const world = useBoardWorld();

  it('is a few short lines per kind of refusal and 10 s, with counts, however many requests are refused', async () => {
    const serving = startCli(['serve', ...world.serveArgs('refusals.sqlite')]);
    const [, port] = await serving.waitFor(/on port (\d+)/);
    const base = `http://127.0.0.1:${port}/hooks`;

    // 2,000 requests at made-up binding ids of 2,000 characters, escapes included; 500 unsigned ones.
    const unknown = await flood(2000, 20, (index) =>
      fetch(`${base}/${encodeURIComponent(`\u001b[2J${String(index).padStart(2000, 'x')}`)}`, {
        method: 'POST',
      }),
    );
    const unsigned = await flood(500, 20, () =>
      fetch(`${base}/triage-new-bugs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-board-delivery': 'd-1' },
        body: '{}',
      }),
    );
    serving.child.kill('SIGINT');
    const { code, stdout } = await serving.exited;

    expect(code).toBe(0);
    expect([...unknown, ...unsigned]).toEqual([404, 401]);
    const refusals = stdout.split('\n').filter((line) => line.includes('refused'));
    // Each line short and inert; a few per kind and interval (the timeout leaves at most 24 intervals).
    expect(refusals.length).toBeLessThan(100);
    for (const line of refusals) expect(line.length).toBeLessThan(200);
    expect(stdout).not.toContain('\u001b');
    // Every refusal accounted for: the first of each kind told, the rest counted.
    const told = (status: number) =>
      refusals.filter((line) => line.includes(`delivery refused with ${status}`)).length +
      refusals
        .map((line) => line.match(new RegExp(`(\\d+) more refused with ${status} `)))
        .reduce((sum, match) => sum + (match ? Number(match[1]) : 0), 0);
    expect(told(404)).toBe(2000);
    expect(told(401)).toBe(500);
  });
});
