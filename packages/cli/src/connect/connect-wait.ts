import { ConnectError, toMilliseconds } from '@toolsteps/engine';
import { UsageError } from '../exit-codes.js';
import { isConnectError } from './connect-failure.js';

import { DEFAULT_CONNECT_TIMEOUT } from './default-connect-timeout.js';

/** Device codes live an hour at most, and an authorization's state as long as the wait. */
const MAX_TIMEOUT_MS = 60 * 60 * 1000;

/** The wait for the user to approve: ended by Ctrl-C (or SIGTERM) or by the timeout. */
export interface ConnectWait {
  readonly signal: AbortSignal;
  /** Why the wait ended early, as the error to report; undefined while it goes on. */
  reason(): ConnectError | undefined;
  /**
   * The error to report for one a step of the wait failed with: the wait's own reason when it ended
   * the step (the engine says only `cancelled`), else the error itself.
   */
  failure(error: unknown): unknown;
  /** Stops listening for signals and clears the timer. */
  end(): void;
}

/** `--timeout` in milliseconds: a duration over 0 and at most an hour. */
export function connectTimeoutMs(text: string | undefined): number {
  const given = text ?? DEFAULT_CONNECT_TIMEOUT;
  let duration: number;
  try {
    duration = toMilliseconds(given);
  } catch {
    throw new UsageError(`--timeout: "${given}" is not a duration such as 90s, 5m or 1h`);
  }
  if (!(duration > 0 && duration <= MAX_TIMEOUT_MS))
    throw new UsageError(`--timeout: "${given}" must be over 0 and at most 1h`);
  return duration;
}

/** Starts the wait (its `--timeout` checked already); `what` names what is waited for, e.g. `Connecting GitHub`. */
export function connectWait(timeout: string | undefined, what: string): ConnectWait {
  const timeoutMs = connectTimeoutMs(timeout);
  const controller = new AbortController();
  let reason: ConnectError | undefined;
  const stop = (error: ConnectError) => {
    reason ??= error;
    controller.abort(reason);
  };
  const onSignal = () =>
    stop(new ConnectError('cancelled', `${what} was cancelled (Ctrl-C); nothing was stored`));
  const timer = setTimeout(
    () =>
      stop(
        new ConnectError(
          'expired',
          `${what} did not finish within ${timeout ?? DEFAULT_CONNECT_TIMEOUT} (--timeout); nothing was stored: start again, or give a longer --timeout`,
        ),
      ),
    timeoutMs,
  );
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    reason: () => reason,
    failure: (error) =>
      reason !== undefined && (error === reason || (isConnectError(error) && error.code === 'cancelled'))
        ? reason
        : error,
    end: () => {
      clearTimeout(timer);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
