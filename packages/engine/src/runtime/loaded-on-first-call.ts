/** The names of a module's exports that are async functions: only those can wait for their module. */
type AsyncExports<M> = {
  [K in keyof M]: M[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof M];

/**
 * An async function of `module` that imports it on its first call, typed as the module's own
 * (overloads included): the engine's entry then loads none of the module, nor what it imports, until
 * a caller needs it. Only async functions qualify, so nothing a caller could observe changes.
 */
export function loadedOnFirstCall<M, K extends AsyncExports<M>>(module: () => Promise<M>, name: K): M[K] {
  const call = async (...args: unknown[]): Promise<unknown> => {
    const loaded = await module();
    return (loaded[name] as (...args: unknown[]) => Promise<unknown>)(...args);
  };
  return call as M[K];
}
