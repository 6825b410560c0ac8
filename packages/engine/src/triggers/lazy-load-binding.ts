import { loadedOnFirstCall } from '../runtime/loaded-on-first-call.js';

// The loading (the binding's checks, its workflow's loading: some thirty modules) loads with the
// first binding loaded, not with the engine: importing the engine loads none of it.
const loading = () => import('./load-binding.js');

/** Reads, checks and compiles a binding and loads its workflow, reporting every problem at once: see `load-binding.ts`. */
export const loadBinding = loadedOnFirstCall(loading, 'loadBinding');

/** Like `loadBinding`, but a binding with problems throws a `BindingInvalidError` listing them all. */
export const loadBindingOrThrow = loadedOnFirstCall(loading, 'loadBindingOrThrow');
