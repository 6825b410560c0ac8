import { setImmediate } from 'node:timers/promises';

/** How long steps may run back to back without the event loop seeing signals, timers or sockets. */
const TURN_MS = 50;
/** Steps between two looks at the clock: a look costs more than a step that only assigns. */
const STEPS_PER_LOOK = 64;

let stepsSinceLook = 0;
let turnStartedAt = performance.now();

/**
 * Whether steps have kept the event loop out for a turn. Steps that do no I/O settle their promises
 * as microtasks, so a long run of them never returns to the loop: Ctrl-C, a deadline's timer and an
 * abort from elsewhere would wait until the run ends. Process-wide, as the loop is; synchronous, so
 * the commonest case costs a step no await.
 */
export function turnIsOver(): boolean {
  if (++stepsSinceLook < STEPS_PER_LOOK) return false;
  stepsSinceLook = 0;
  return performance.now() - turnStartedAt >= TURN_MS;
}

/** Lets the event loop handle what waits (signals, timers, sockets), then starts a new turn. */
export async function nextTurn(): Promise<void> {
  await setImmediate();
  turnStartedAt = performance.now();
}
