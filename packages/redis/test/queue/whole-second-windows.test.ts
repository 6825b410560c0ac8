import { mostWithinAnyInterval } from '@toolsteps/engine/testing';
import { wholeSecondWindows } from '../../src/whole-second-windows.js';

/**
 * Admits `asks` (ms, ascending) as a Redis fixed-window counter does: a window opens at the first
 * request after the last one expired and lets `perWindow` through; a refused request waits for the
 * window's end and asks again. Returns when each request went.
 */
function admitted(asks: number[], windowS: number, perWindow: number): number[] {
  const went: number[] = [];
  let opened = Number.NEGATIVE_INFINITY;
  let used = 0;
  for (const ask of asks) {
    let at = Math.max(ask, went.at(-1) ?? ask);
    if (at >= opened + windowS * 1000) {
      opened = at;
      used = 0;
    } else if (used >= perWindow) {
      at = opened + windowS * 1000;
      opened = at;
      used = 0;
    }
    used++;
    went.push(at);
  }
  return went;
}

/** A small deterministic generator, so a failure names a case that can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('wholeSecondWindows', () => {
  it.each([
    [200, 1000],
    [1, 1000],
    [3, 1000],
    [10, 60_000],
    [700, 60_000],
    [5000, 3_600_000],
    [7, 2500],
  ])('keeps %i per any %i ms, however the requests come', (cap, intervalMs) => {
    const { windowS, perWindow } = wholeSecondWindows(cap, intervalMs);
    const next = random(cap * 31 + intervalMs);
    for (let trial = 0; trial < 20; trial++) {
      // Bursts and lulls: many requests at one moment, then gaps up to two intervals.
      const asks: number[] = [];
      let now = 0;
      for (let i = 0; i < cap * 6; i++) {
        if (next() < 0.2) now += Math.floor(next() * intervalMs * 2);
        asks.push(now);
      }
      const went = admitted(asks, windowS, perWindow);
      expect(mostWithinAnyInterval(went, intervalMs)).toBeLessThanOrEqual(cap);
    }
  });

  it('lets through as much as one window per interval would when the cap is long', () => {
    const { windowS, perWindow } = wholeSecondWindows(5000, 3_600_000);
    expect((perWindow / windowS) * 3600).toBeGreaterThanOrEqual(4900);
  });

  it('keeps a cap of one per interval as spacing', () => {
    expect(wholeSecondWindows(1, 1500)).toEqual({ windowS: 2, perWindow: 1 });
  });

  it('holds where one window of the whole cap lets nearly twice the cap through', () => {
    // A window opened at 0 and filled at its end, then the next filled at its start.
    const asks = [0, ...Array.from({ length: 9 }, () => 900), ...Array.from({ length: 10 }, () => 1000)];
    expect(mostWithinAnyInterval(admitted(asks, 1, 10), 1000)).toBe(19);
    const { windowS, perWindow } = wholeSecondWindows(10, 1000);
    expect(mostWithinAnyInterval(admitted(asks, windowS, perWindow), 1000)).toBeLessThanOrEqual(10);
  });
});
