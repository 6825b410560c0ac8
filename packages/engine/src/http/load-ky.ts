import type ky from 'ky';
import { loadPQueue } from './p-queue-library.js';

let loading: Promise<typeof ky> | undefined;

/**
 * ky loads with the first request, not with the engine: most imports of the engine send none. p-queue
 * loads with it: the account channel opened next builds its limiters with it.
 */
export function loadKy(): Promise<typeof ky> {
  loading ??= Promise.all([import('ky'), loadPQueue()]).then(([module]) => module.default);
  return loading;
}
