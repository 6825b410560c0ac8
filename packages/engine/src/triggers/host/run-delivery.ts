import { StepError, type StepErrorJson } from '@toolsteps/sdk';
import { describeViolations } from '@toolsteps/sdk/schema';
import { ResumeRefused } from '../../execution/resume/resume-refused.js';
import type { DeliveryRun, StoredDelivery } from '../../ports/trigger-store.js';
import type { AnyCompiledBinding, CompiledBinding } from '../compiled-binding.js';
import { eventsOfDelivery } from '../events-of-delivery.js';
import { mapEvent } from '../map-event.js';
import type { DeliveryKey } from './delivery-queue.js';
import { deliveryRunId } from './delivery-run-id.js';
import { handOverEvent } from './hand-over-event.js';
import type { HostParts } from './host-parts.js';
import { scrubbedFailure } from './scrubbed-failure.js';

/**
 * Runs one committed delivery: its events (the trigger's `match`, or the one event a poll found),
 * each through the binding's filter and mapping, each passing one a run of the workflow (or a call
 * of the binding's handler, recorded as a run: what follows holds of both), in order.
 * Every run is recorded as it ends, so a delivery taken again (after a crash, or replayed) does not
 * run an event that already succeeded; an event's run keeps its id (`deliveryRunId`), so one a crash
 * cut off, or that failed, goes on from its journal instead of repeating what it did. The delivery
 * ends `failed` with the first failure, else `succeeded` when something ran, else `skipped`. Errors
 * are kept scrubbed: a trigger's `match` or a mapping may fail repeating a body that holds a secret.
 * Once `signal` aborts (the host stops) no further run starts, and a run it cut off is not recorded:
 * the delivery stays `running`, so the next start takes it again and its run goes on.
 */
export async function runDelivery(parts: HostParts, key: DeliveryKey, signal: AbortSignal): Promise<void> {
  const binding = parts.bindings.get(key.bindingId);
  // A delivery for a binding this host does not serve waits for a host that does.
  if (binding === undefined || signal.aborted) return;
  const { store } = parts;
  const delivery = await store.startDelivery(key.bindingId, key.id);
  if (delivery === undefined) return;

  let events: unknown[];
  try {
    events = eventsOf(binding, delivery);
  } catch (thrown) {
    await finish(parts, delivery, {
      error: scrubbedFailure(parts.scrubber, thrown).toJSON(),
      eventsCount: 0,
      ran: false,
    });
    return;
  }
  const succeeded = new Set(
    delivery.runs.filter((run) => run.status === 'succeeded').map((run) => run.event),
  );
  let error: StepErrorJson | undefined;
  let ran = succeeded.size > 0;
  for (const [index, event] of events.entries()) {
    if (succeeded.has(index)) continue;
    if (signal.aborted) return;
    const outcome = await runEvent(parts, binding, delivery, index, event, signal);
    if (outcome === 'interrupted') return;
    if (outcome === 'filtered') continue;
    if (outcome.runId !== undefined) ran = true;
    error ??= outcome.error;
  }
  await finish(parts, delivery, { error, eventsCount: events.length, ran });
}

type EventOutcome = 'filtered' | 'interrupted' | { runId?: string; error?: StepErrorJson };

async function runEvent(
  parts: HostParts,
  binding: AnyCompiledBinding,
  delivery: StoredDelivery,
  index: number,
  event: unknown,
  signal: AbortSignal,
): Promise<EventOutcome> {
  let input: unknown;
  try {
    const mapped = await mapEvent(binding, event);
    if (!mapped.passed) return 'filtered';
    if (mapped.violations.length > 0) {
      throw new StepError({
        code: 'validation',
        field: '/input',
        message:
          binding.handler === undefined
            ? `The input binding "${binding.id}" mapped from event ${index} does not match the workflow's input schema: ${describeViolations(mapped.violations, 'input')}; nothing ran`
            : `The input binding "${binding.id}" mapped from event ${index} does not match the input schema of handler "${binding.handler}": ${describeViolations(mapped.violations, 'input')}; the handler was not called`,
        details: { violations: mapped.violations },
      });
    }
    input = mapped.input;
  } catch (thrown) {
    return { error: scrubbedFailure(parts.scrubber, thrown).toJSON() };
  }
  const runId = deliveryRunId(delivery, index);
  const common = {
    bindingId: binding.id,
    deliveryId: delivery.id,
    event: index,
    runId,
    ...(binding.handler === undefined ? {} : { handler: binding.handler }),
  };
  parts.emit({ type: 'run.started', ...common });
  const run =
    binding.handler === undefined
      ? await launchRun(parts, binding, input, index, runId, signal)
      : await handOverEvent(parts, { binding, delivery, index, input, runId, signal });
  if (run === 'interrupted') return 'interrupted';
  await parts.store.recordRun(delivery.bindingId, delivery.id, run);
  parts.emit({
    type: 'run.finished',
    ...common,
    status: run.status,
    ...(run.error ? { error: run.error } : {}),
  });
  if (run.status === 'succeeded') return { runId };
  return {
    runId,
    error: run.error ?? { code: 'cancelled', message: `Run ${runId} was cancelled`, retryable: false },
  };
}

/** Runs the workflow on the launcher; how the run ended, or `interrupted` by the host stopping. */
async function launchRun(
  parts: HostParts,
  { workflow, user }: CompiledBinding,
  input: unknown,
  index: number,
  runId: string,
  signal: AbortSignal,
): Promise<DeliveryRun | 'interrupted'> {
  try {
    // For the binding's user, when it acts for one: the run has that user's accounts, and no other's.
    const options = { runId, signal, ...(user === undefined ? {} : { user }) };
    const result = await parts.launcher.launch(workflow, input, options);
    if (signal.aborted && result.status === 'cancelled') return 'interrupted';
    return { event: index, runId, status: result.status, ...(result.error ? { error: result.error } : {}) };
  } catch (thrown) {
    // The launcher stopped waiting for a run elsewhere; a refused resume is no interruption.
    if (signal.aborted && !(thrown instanceof ResumeRefused)) return 'interrupted';
    return { event: index, runId, status: 'failed', error: runFailure(parts, runId, thrown) };
  }
}

/** Why a run could not be had: a refused resume says so plainly, it is no fault of the integration. */
function runFailure(parts: HostParts, runId: string, thrown: unknown): StepErrorJson {
  const failure =
    thrown instanceof ResumeRefused
      ? new StepError({
          code: 'validation',
          message:
            `Run ${runId}, begun by an earlier attempt at this delivery, was not resumed: ${thrown.message}. ` +
            `Once that run is settled (toolsteps runs resume ${runId}), replaying the delivery records how it ended`,
          retryable: false,
        })
      : thrown;
  return scrubbedFailure(parts.scrubber, failure).toJSON();
}

function eventsOf(binding: AnyCompiledBinding, delivery: StoredDelivery): unknown[] {
  const body: unknown = JSON.parse(new TextDecoder().decode(delivery.rawBody));
  if (delivery.source === 'poll') return [body];
  return eventsOfDelivery(binding, { headers: delivery.headers, body, rawBody: delivery.rawBody });
}

async function finish(
  parts: HostParts,
  delivery: StoredDelivery,
  { error, eventsCount, ran }: { error?: StepErrorJson; eventsCount: number; ran: boolean },
): Promise<void> {
  const status = error !== undefined ? 'failed' : ran ? 'succeeded' : 'skipped';
  await parts.store.finishDelivery(delivery.bindingId, delivery.id, {
    status,
    eventsCount,
    finishedAt: parts.clock.now(),
    ...(error ? { error } : {}),
  });
  parts.emit({
    type: 'delivery.finished',
    bindingId: delivery.bindingId,
    deliveryId: delivery.id,
    status,
    ...(error ? { error } : {}),
  });
}
