import { toMilliseconds } from '@toolsteps/engine';
import { UsageError } from '../exit-codes.js';
import { keepDuration } from '../prune-old-runs.js';

/** How often `serve` checks its hooks unless told: a deleted one is back within this. */
export const DEFAULT_RECONCILE_EVERY = '5m';

/** Shorter intervals would spend the account's API budget on checks. */
const SHORTEST_RECONCILE_MS = 1000;

export interface ServeUpkeep {
  /** How long finished deliveries are kept (`--keep`). */
  keepMs: number;
  /** How often hooks are reconciled (`--reconcile-every`); 0 at start only. */
  reconcileEveryMs: number;
}

/** `--keep` (as `run --keep`, default 30d) and `--reconcile-every` (default 5m, 0 off, else 1s or more). */
export function parseServeUpkeep(options: { keep?: string; reconcileEvery?: string }): ServeUpkeep {
  const keepMs = keepDuration(options.keep, '--keep');
  const given = options.reconcileEvery ?? DEFAULT_RECONCILE_EVERY;
  let reconcileEveryMs: number;
  try {
    reconcileEveryMs = toMilliseconds(given);
  } catch {
    throw new UsageError(
      `--reconcile-every: "${given}" is not a duration such as 5m, 1h or 30s (0 checks hooks at start only)`,
    );
  }
  if (reconcileEveryMs !== 0 && !(reconcileEveryMs >= SHORTEST_RECONCILE_MS))
    throw new UsageError(
      `--reconcile-every: ${given} is too short: give 1s or more, or 0 to check hooks at start only`,
    );
  return { keepMs, reconcileEveryMs };
}
