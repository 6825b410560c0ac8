import { StepError } from '../../contracts/step-error.js';
import type { IntegrationWebhooks, Registration, RegistrationRequest } from '../../contracts/trigger.js';
import type { Activation } from '../../contracts/trigger-store.js';
import type { CompiledBinding } from '../compiled-binding.js';
import type { ReceiverTarget } from '../receiver/receive-delivery.js';
import type { HostParts } from './host-parts.js';
import { refuseMissingEntitlements } from './required-entitlements.js';
import { triggerContext } from './trigger-context.js';
import { generateWebhookSecret } from './webhook-secret.js';

/** The active webhook bindings by id, as the receiver looks them up on every request. */
export type ReceiverTargets = Map<string, ReceiverTarget>;

// Webhook secrets are known to the engine's scrubber as soon as the host holds one, so no error, log
// line, trace or event shows them. Like any known secret its HTTP clients refuse to send them, but for
// the client of the binding's own `register`, built with the secret as sendable.

/**
 * Activates a binding, idempotently. A poll binding is marked active with no cursor, so its first
 * poll only records one. A webhook binding gets a fresh secret and is registered at the third party
 * through its account; activated already, its registration is inspected and repaired if need be,
 * keeping its secret, and nothing is created twice. A binding whose trigger requires an entitlement
 * the host lacks is refused first.
 */
export async function activateBinding(
  parts: HostParts,
  targets: ReceiverTargets,
  binding: CompiledBinding,
  signal: AbortSignal,
): Promise<Activation> {
  refuseMissingEntitlements(binding, parts.entitlements);
  const existing = await parts.store.activation(binding.id);
  if (binding.trigger.delivery === 'poll') {
    if (existing?.status === 'active') return existing;
    await parts.store.clearCursor(binding.id);
    const activation = baseActivation(parts, binding);
    await parts.store.saveActivation(activation);
    parts.emit({ type: 'binding.activated', bindingId: binding.id });
    return activation;
  }
  if (existing?.status === 'active' && existing.secret !== undefined && existing.registration !== undefined) {
    const { activation } = await reconcileBinding(parts, targets, binding, existing, signal);
    return activation;
  }
  const activation = await register(parts, targets, binding, generateWebhookSecret(), signal);
  parts.emit({ type: 'binding.activated', bindingId: binding.id });
  return activation;
}

/**
 * Whether an active webhook binding's registration still stands as it would be made now; one
 * edited at the third party (or whose binding changed) is registered again as `previous`, to be
 * repaired in place, and one deleted is registered anew, both with the same secret.
 */
export async function reconcileBinding(
  parts: HostParts,
  targets: ReceiverTargets,
  binding: CompiledBinding,
  activation: Activation,
  signal: AbortSignal,
): Promise<{ found: 'ok' | 'missing' | 'changed'; activation: Activation }> {
  const { secret, registration } = activation;
  if (secret === undefined || registration === undefined) return { found: 'ok', activation };
  parts.scrubber.add(secret);
  const ctx = await triggerContext(parts, binding, 'read', signal);
  const found = await webhooksOf(binding).inspect(registration, requestOf(parts, binding, secret), ctx);
  if (found === 'ok') {
    targets.set(binding.id, { binding, secret, webhooks: webhooksOf(binding) });
    return { found, activation };
  }
  // An edited registration is handed back, to be put right in place; a missing one is made anew.
  const previous = found === 'changed' ? registration : undefined;
  const repaired = await register(parts, targets, binding, secret, signal, {
    activatedAt: activation.activatedAt,
    previous,
  });
  parts.emit({ type: 'binding.repaired', bindingId: binding.id, found });
  return { found, activation: repaired };
}

/**
 * Removes the binding's registration at the third party and marks it inactive, its secret and
 * cursor forgotten: deliveries to its URL are refused from now on. An inactive binding is left alone.
 */
export async function deactivateBinding(
  parts: HostParts,
  targets: ReceiverTargets,
  binding: CompiledBinding,
  signal: AbortSignal,
): Promise<void> {
  const existing = await parts.store.activation(binding.id);
  if (existing?.status !== 'active') return;
  if (existing.registration !== undefined) {
    const ctx = await triggerContext(parts, binding, 'delete', signal);
    await webhooksOf(binding).unregister(existing.registration, ctx);
  }
  targets.delete(binding.id);
  await parts.store.clearCursor(binding.id);
  await parts.store.saveActivation({
    ...baseActivation(parts, binding),
    status: 'inactive',
    activatedAt: existing.activatedAt,
  });
  parts.emit({ type: 'binding.deactivated', bindingId: binding.id });
}

interface Repair {
  /** When the binding was first activated: a repair keeps it. */
  activatedAt?: number;
  /** The registration a reconcile found edited, for `register` to update in place. */
  previous?: Registration;
}

async function register(
  parts: HostParts,
  targets: ReceiverTargets,
  binding: CompiledBinding,
  secret: string,
  signal: AbortSignal,
  { activatedAt = parts.clock.now(), previous }: Repair = {},
): Promise<Activation> {
  const webhooks = webhooksOf(binding);
  const target = targets.get(binding.id);
  parts.scrubber.add(secret);
  // The third party may deliver (GitHub's ping) as soon as the registration exists: be ready for it.
  targets.set(binding.id, { binding, secret, webhooks });
  try {
    const ctx = await triggerContext(parts, binding, 'write', signal, secret);
    const request = requestOf(parts, binding, secret);
    const registered = await webhooks.register(
      previous === undefined ? request : { ...request, previous },
      ctx,
    );
    const kept = registered.secret ?? secret;
    if (kept !== secret) {
      parts.scrubber.add(kept);
      targets.set(binding.id, { binding, secret: kept, webhooks });
    }
    const activation: Activation = {
      ...baseActivation(parts, binding),
      registration: registered.registration,
      secret: kept,
      activatedAt,
    };
    await parts.store.saveActivation(activation);
    return activation;
  } catch (error) {
    if (target === undefined) targets.delete(binding.id);
    else targets.set(binding.id, target);
    throw error;
  }
}

export function webhooksOf(binding: CompiledBinding): IntegrationWebhooks {
  const { webhooks } = binding.integration;
  if (webhooks === undefined) {
    throw new StepError({
      code: 'unsupported',
      message: `Integration "${binding.integration.id}" says nothing of how its webhooks are registered (no "webhooks")`,
    });
  }
  return webhooks;
}

function requestOf(parts: HostParts, binding: CompiledBinding, secret: string): RegistrationRequest {
  const subscribes = binding.trigger.delivery === 'webhook' ? binding.trigger.webhook.subscribes : [];
  return { config: binding.config, url: parts.urlOf(binding.id), secret, subscribes };
}

function baseActivation(parts: HostParts, binding: CompiledBinding): Activation {
  return {
    bindingId: binding.id,
    trigger: binding.trigger.id,
    account: binding.account,
    status: 'active',
    activatedAt: parts.clock.now(),
  };
}
