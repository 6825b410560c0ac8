/** How a limit of `cap` per sliding `intervalMs` is kept with counters that reset every `windowS` seconds. */
export interface WholeSecondWindows {
  /** The counter's window, whole seconds (Redis expiry, as rate-limiter-flexible sets it). */
  windowS: number;
  /** Requests each window lets through. */
  perWindow: number;
}

/** Beyond this many seconds a longer window is not searched: a day covers every API limit we bind. */
const LONGEST_WINDOW_S = 86_400;

/**
 * The windows that keep "at most `cap` requests in ANY `intervalMs`" (the promise the in-process
 * limiter keeps, and what an API counting from any moment on sees) with fixed counters, letting
 * through as many requests per second as possible.
 *
 * A fixed-window counter starts a window at the first request after the last one expired, so windows
 * never overlap and each starts with a request. Any interval of `intervalMs` then holds at most
 * ⌈intervalMs / window⌉ windows that start inside it, plus the tail of one that started before it:
 * that one's first request lies outside. So `perWindow × (⌈intervalMs / window⌉ + 1) − 1 ≤ cap`.
 * One window of `cap` per interval would let twice the cap through around a window's end.
 * What this costs: a per-second cap runs at about half its rate; per minute or longer, at nearly all.
 */
export function wholeSecondWindows(cap: number, intervalMs: number): WholeSecondWindows {
  let best: WholeSecondWindows = { windowS: Math.ceil(intervalMs / 1000), perWindow: 1 };
  const longest = Math.min(LONGEST_WINDOW_S, Math.ceil(intervalMs / 1000));
  for (let windowS = 1; windowS <= longest; windowS++) {
    const windows = Math.ceil(intervalMs / (windowS * 1000)) + 1;
    const perWindow = Math.floor((cap + 1) / windows);
    if (perWindow >= 1 && perWindow / windowS > best.perWindow / best.windowS) best = { windowS, perWindow };
  }
  return best;
}
