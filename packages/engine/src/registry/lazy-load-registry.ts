import { loadedOnFirstCall } from '../runtime/loaded-on-first-call.js';

// Finding, resolving and importing step packages loads with the first registry loaded from
// configuration, not with the engine: an engine given its integrations loads none of it.

/** Loads integrations from configuration, never by a name the engine knows: see `load-registry.ts`. */
export const loadRegistry = loadedOnFirstCall(() => import('./load-registry.js'), 'loadRegistry');

/** The `@toolsteps/step-*` package names found around `cwd`, as `loadRegistry` discovers them. */
export const discoverStepPackages = loadedOnFirstCall(
  () => import('./load-registry.js'),
  'discoverStepPackages',
);

/** Imports a module and takes its Integration: the default export, or else a named `integration` export. */
export const importIntegration = loadedOnFirstCall(
  () => import('./import-integration.js'),
  'importIntegration',
);

/** Turns a configured module into a URL to import: see `resolve-module.ts`. */
export const resolveModule = loadedOnFirstCall(() => import('./resolve-module.js'), 'resolveModule');
