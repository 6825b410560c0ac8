import { StepError } from '../../contracts/step-error.js';
import type { IntegrationWebhooks, RegistrationRequest } from '../../contracts/trigger.js';
import type { Activation } from '../../contracts/trigger-store.js';
import type { CompiledBinding } from '../compiled-binding.js';
import type { ReceiverTarget } from '../receiver/receive-delivery.js';
import type { HostParts } from './host-parts.js';
import { triggerContext } from './trigger-context.js';
import { generateWebhookSecret } from './webhook-secret.js';

/** The active webhook bindings by id, as the receiver looks them up on every request. */
export type ReceiverTargets = Map<string, ReceiverTarget>;

// Webhook secrets are not handed to the engine's value scrubber: its HTTP client refuses to send a
// known secret that is not the account's own credential, and `register` must send this one. They
// stay out of output by construction instead: no event, header kept or log line of the host holds one.

/**
 * Activates a binding, idempotently. A poll binding is marked active with no cursor, so its first
 * poll only records one. A webhook binding gets a fresh secret and is registered at the third party
 * through its account; activated already, its registration is inspected and repaired if need be,
 * keeping its secret, and nothing is created twice.
 */
export async function activateBinding(
  parts: HostParts,
  targets: ReceiverTargets,
  binding: CompiledBinding,
  signal: AbortSignal,
): Promise<Activation> {
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
 * deleted or edited at the third party (or whose binding changed) is registered again, same secret.
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
  const ctx = await triggerContext(parts, binding, 'read', signal);
  const found = await webhooksOf(binding).inspect(registration, requestOf(parts, binding, secret), ctx);
  if (found === 'ok') {
    targets.set(binding.id, { binding, secret, webhooks: webhooksOf(binding) });
    return { found, activation };
  }
  const repaired = await register(parts, targets, binding, secret, signal, activation.activatedAt);
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

async function register(
  parts: HostParts,
  targets: ReceiverTargets,
  binding: CompiledBinding,
  secret: string,
  signal: AbortSignal,
  activatedAt = parts.clock.now(),
): Promise<Activation> {
  const webhooks = webhooksOf(binding);
  const previous = targets.get(binding.id);
  // The third party may deliver (GitHub's ping) as soon as the registration exists: be ready for it.
  targets.set(binding.id, { binding, secret, webhooks });
  try {
    const ctx = await triggerContext(parts, binding, 'write', signal);
    const registered = await webhooks.register(requestOf(parts, binding, secret), ctx);
    const kept = registered.secret ?? secret;
    if (kept !== secret) {
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
    if (previous === undefined) targets.delete(binding.id);
    else targets.set(binding.id, previous);
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
