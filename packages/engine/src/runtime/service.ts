import type { ResolvedValueInjectOptions } from 'inversify';

/**
 * What a service class takes from the container, in its constructor's order. The engine's services
 * list it instead of carrying decorators, so importing the engine loads no injection library:
 * inversify loads with the first container `createEngine` builds.
 */
export type Dependencies = readonly ResolvedValueInjectOptions<never>[];

/** A class the container builds from the dependencies it lists (see `bindService`). */
export interface Service<T> {
  new (...args: never[]): T;
  readonly dependencies: Dependencies;
}

/** A dependency that may be unbound: the constructor then gets `undefined`, i.e. its default. */
export function optional(serviceIdentifier: symbol): ResolvedValueInjectOptions<never> {
  return { serviceIdentifier, optional: true } as ResolvedValueInjectOptions<never>;
}
