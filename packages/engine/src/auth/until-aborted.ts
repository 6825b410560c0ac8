/**
 * Waits for a shared promise on behalf of one caller: the caller's abort rejects its wait with the
 * signal's reason without cancelling the work other callers share. `onAbort` runs when this caller
 * gives up, so the owner of the work can stop it once nobody waits any more.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, onAbort?: () => void): Promise<T> {
  if (signal.aborted) {
    onAbort?.();
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      reject(signal.reason);
      onAbort?.();
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
