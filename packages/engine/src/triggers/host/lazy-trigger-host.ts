import { loadedOnFirstCall } from '../../runtime/loaded-on-first-call.js';

/**
 * Assembles a trigger host over an engine: see `create-trigger-host.ts`. The host (receiver,
 * scheduler, binding loading: some fifty modules) loads with the first host created, not with the
 * engine: most imports of the engine create none.
 */
export const createTriggerHost = loadedOnFirstCall(
  () => import('./create-trigger-host.js'),
  'createTriggerHost',
);
