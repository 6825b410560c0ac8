import type PQueue from 'p-queue';

let library: typeof PQueue | undefined;
let loading: Promise<typeof PQueue> | undefined;

/** p-queue (and its event emitter, a CommonJS module) loads with the first request, not with the engine. */
export function loadPQueue(): Promise<typeof PQueue> {
  loading ??= import('p-queue').then((module) => {
    library = module.default;
    return library;
  });
  return loading;
}

/**
 * p-queue, once loaded: an account's channel is opened after `loadKy()`, which loads it too, so the
 * channel builds its limiters without waiting.
 */
export function pQueueLibrary(): typeof PQueue {
  if (library === undefined)
    throw new Error('p-queue was used before it was loaded: await loadKy() (or loadPQueue()) first');
  return library;
}
