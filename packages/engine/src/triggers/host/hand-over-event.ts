import { StepError, type StepErrorJson, toStepError } from '@toolsteps/sdk';
import { preview } from '@toolsteps/sdk/schema';
import type { DeliveryRun, StoredDelivery } from '../../ports/trigger-store.js';
import type { HandlerBinding } from '../compiled-binding.js';
import { bindingValue } from '../map-event.js';
import type { TriggerHandlerContext } from '../trigger-handler.js';
import type { HostParts } from './host-parts.js';
import { scrubbedFailure } from './scrubbed-failure.js';

export interface HandOver {
  binding: HandlerBinding;
  delivery: StoredDelivery;
  /** The event's position among the delivery's events. */
  index: number;
  input: unknown;
  runId: string;
  signal: AbortSignal;
}

/**
 * Hands one event's mapped input to the handler the binding names, and says how it went as a run:
 * `succeeded` once the handler resolved, `failed` with its error (scrubbed) when it threw or
 * rejected, whatever it threw. `interrupted` when it rejected once the host began to stop: the
 * delivery stays unfinished, and the next start hands the event over again under the same `runId`.
 */
export async function handOverEvent(
  parts: HostParts,
  { binding, delivery, index, input, runId, signal }: HandOver,
): Promise<DeliveryRun | 'interrupted'> {
  const entry = parts.handlers.get(binding.handler);
  if (entry === undefined) {
    // The host checks each binding's handler when it takes the binding: this is no binding of its own.
    const error = new StepError({
      code: 'validation',
      message: `Binding "${binding.id}" names handler "${binding.handler}", which this trigger host was not given`,
    });
    return { event: index, runId, status: 'failed', error: error.toJSON() };
  }
  const context: TriggerHandlerContext = {
    // A copy: a handler changing what it was given changes nothing of the binding.
    binding: structuredClone(bindingValue(binding)) as TriggerHandlerContext['binding'],
    ...(binding.user === undefined ? {} : { user: binding.user }),
    deliveryId: delivery.id,
    event: index,
    runId,
    attempt: delivery.attempts,
    signal,
  };
  try {
    await entry.handle(input, context);
    return { event: index, runId, status: 'succeeded' };
  } catch (thrown) {
    if (signal.aborted) return 'interrupted';
    return { event: index, runId, status: 'failed', error: handlerFailure(parts, entry.name, thrown) };
  }
}

/**
 * What a handler threw, as the delivery keeps it: its code and words, said to be the handler's, and
 * scrubbed. Whatever it threw (a string, an object whose every getter throws) is read without throwing.
 */
function handlerFailure(parts: HostParts, name: string, thrown: unknown): StepErrorJson {
  let failure: StepError;
  try {
    const given =
      thrown instanceof Error
        ? toStepError(thrown)
        : new StepError({ code: 'upstream', message: `it threw ${preview(thrown)}, not an Error` });
    failure = new StepError({ ...given.toJSON(), message: `Handler "${name}" failed: ${given.message}` });
  } catch {
    failure = new StepError({
      code: 'upstream',
      message: `Handler "${name}" failed, throwing what cannot be read`,
    });
  }
  return scrubbedFailure(parts.scrubber, failure).toJSON();
}
