import type { WebhookDelivery } from '@toolsteps/sdk';
import { inScope, type ScopedPayload, type WatchedScope } from './delivery-scope.js';

/** A delivery's payload: a JSON object, whatever event it is. */
export type GithubPayload = ScopedPayload & { action?: unknown; [field: string]: unknown };

/** The event name (`X-GitHub-Event`) and payload of a delivery, when its body is a JSON object. */
export function readDelivery(
  delivery: WebhookDelivery,
): { event: string; payload: GithubPayload } | undefined {
  const event = delivery.headers['x-github-event'];
  const { body } = delivery;
  if (event === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    return undefined;
  return { event, payload: body as GithubPayload };
}

/**
 * The payload, when the delivery is `event` with one of `actions` (any action when none are
 * given) and about what the binding watches; else undefined. A `ping` is never an event.
 */
export function payloadOf(
  delivery: WebhookDelivery,
  scope: WatchedScope,
  event: string,
  actions?: readonly string[],
): GithubPayload | undefined {
  const read = readDelivery(delivery);
  if (read === undefined || read.event !== event || !inScope(read.payload, scope)) return undefined;
  if (actions !== undefined && !actions.includes(String(read.payload.action))) return undefined;
  return read.payload;
}

/** The delivery as the trigger's one event, or none: for triggers whose event is GitHub's payload as sent. */
export function payloadEvents<E>(
  delivery: WebhookDelivery,
  scope: WatchedScope,
  event: string,
  actions?: readonly string[],
): E[] {
  const payload = payloadOf(delivery, scope, event, actions);
  return payload === undefined ? [] : [payload as E];
}
