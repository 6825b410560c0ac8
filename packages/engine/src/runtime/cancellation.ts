import { StepError } from '@toolsteps/sdk';

/**
 * The StepError an aborted signal stands for: its reason when that already is one (an engine timeout),
 * `timeout` for `AbortSignal.timeout`, otherwise `cancelled`.
 */
export function cancellation(signal: AbortSignal): StepError {
  const reason: unknown = signal.reason;
  if (reason instanceof StepError) return reason;
  // Duck-typed: the DOMException of AbortSignal.timeout may come from another realm.
  if (
    typeof reason === 'object' &&
    reason !== null &&
    (reason as { name?: unknown }).name === 'TimeoutError'
  ) {
    return new StepError({ code: 'timeout', message: 'The operation timed out', cause: reason });
  }
  return new StepError({ code: 'cancelled', message: 'The run was cancelled', cause: reason });
}
