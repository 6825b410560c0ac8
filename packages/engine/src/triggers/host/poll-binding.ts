import { randomUUID } from 'node:crypto';
import { StepError } from '@toolsteps/sdk';
import type { NewDelivery } from '../../ports/trigger-store.js';
import type { AnyCompiledBinding } from '../compiled-binding.js';
import type { DeliveryKey } from './delivery-queue.js';
import type { HostParts } from './host-parts.js';
import { triggerContext } from './trigger-context.js';

export interface PollReport {
  /** Events committed to run; the first poll's are dropped, so 0. */
  events: number;
  /** The binding's first poll since activation: it only recorded a cursor. */
  first: boolean;
}

/**
 * Asks the third party what is new since the binding's cursor. The first poll only records the
 * cursor it gets (activation never floods old items); later ones commit their events, each kept as a
 * delivery, together with the new cursor, then offer them to run. A poll that fails commits nothing.
 */
export async function pollBinding(
  parts: HostParts,
  binding: AnyCompiledBinding,
  offer: (key: DeliveryKey) => void,
  signal: AbortSignal,
): Promise<PollReport> {
  const { trigger } = binding;
  if (trigger.delivery !== 'poll') {
    throw new StepError({
      code: 'validation',
      message: `Binding "${binding.id}" uses ${trigger.id}, a webhook trigger: it is never polled`,
    });
  }
  const cursor = await parts.store.cursor(binding.id);
  const ctx = await triggerContext(parts, binding, 'read', signal);
  const outcome: unknown = await trigger.poll.run(cursor, binding.config, ctx);
  const { events, cursor: next } = checked(outcome, trigger.id);
  const now = parts.clock.now();
  if (cursor === undefined) {
    await parts.store.commitPoll(binding.id, next, [], now);
    return { events: 0, first: true };
  }
  const deliveries = events.map(
    (event): NewDelivery => ({
      id: randomUUID(),
      bindingId: binding.id,
      source: 'poll',
      receivedAt: now,
      headers: {},
      rawBody: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
  await parts.store.commitPoll(binding.id, next, deliveries, now);
  for (const delivery of deliveries) offer({ bindingId: binding.id, id: delivery.id });
  return { events: deliveries.length, first: false };
}

function checked(outcome: unknown, triggerId: string): { events: unknown[]; cursor: string } {
  const { events, cursor } = (outcome ?? {}) as { events?: unknown; cursor?: unknown };
  if (!Array.isArray(events) || typeof cursor !== 'string') {
    throw new StepError({
      code: 'unsupported',
      message: `${triggerId}'s poll must return { events: [...], cursor: "..." }`,
    });
  }
  return { events, cursor };
}
