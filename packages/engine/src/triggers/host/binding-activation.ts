import {
  type IntegrationWebhooks,
  type Registration,
  type RegistrationRequest,
  StepError,
} from '@toolsteps/sdk';
import type { Activation } from '../../ports/trigger-store.js';
import type { AnyCompiledBinding } from '../compiled-binding.js';
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
  binding: AnyCompiledBinding,
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
    const reconciled = await reconcileBinding(parts, targets, binding, existing, signal);
    if (reconciled === undefined) throw changedElsewhere(binding, 'activated');
    return reconciled.activation;
  }
  const activation = await register(parts, targets, binding, generateWebhookSecret(), signal, {
    replacing: existing,
  });
  if (activation === undefined) throw changedElsewhere(binding, 'activated');
  parts.emit({ type: 'binding.activated', bindingId: binding.id });
  return activation;
}

/**
 * Whether an active webhook binding's registration still stands as it would be made now; one
 * edited at the third party (or whose binding changed) is registered again as `previous`, to be
 * repaired in place, and one deleted is registered anew, both with the same secret. Undefined when
 * another process changed the activation meanwhile (a `trigger deactivate` removes the hook this
 * finds missing): the repair is undone, and the binding left as that process made it.
 */
export async function reconcileBinding(
  parts: HostParts,
  targets: ReceiverTargets,
  binding: AnyCompiledBinding,
  activation: Activation,
  signal: AbortSignal,
): Promise<{ found: 'ok' | 'missing' | 'changed'; activation: Activation } | undefined> {
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
    replacing: activation,
  });
  if (repaired === undefined) return undefined;
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
  binding: AnyCompiledBinding,
  signal: AbortSignal,
): Promise<void> {
  let existing = await parts.store.activation(binding.id);
  if (existing?.status !== 'active') return;
  for (let attempt = 1; ; attempt++) {
    if (existing.registration !== undefined) {
      const ctx = await triggerContext(parts, binding, 'delete', signal);
      await webhooksOf(binding).unregister(existing.registration, ctx);
    }
    targets.delete(binding.id);
    await parts.store.clearCursor(binding.id);
    const inactive: Activation = {
      ...baseActivation(parts, binding),
      status: 'inactive',
      activatedAt: existing.activatedAt,
    };
    if (await parts.store.replaceActivation(existing, inactive)) break;
    // Changed meanwhile: a `serve` repairing it registered it anew, and that registration goes too.
    const current = await parts.store.activation(binding.id);
    if (current?.status !== 'active') break;
    if (attempt === MAX_DEACTIVATION_ATTEMPTS) throw changedElsewhere(binding, 'deactivated');
    existing = current;
  }
  parts.emit({ type: 'binding.deactivated', bindingId: binding.id });
}

interface Registering {
  /** When the binding was first activated: a repair keeps it. */
  activatedAt?: number;
  /** The registration a reconcile found edited, for `register` to update in place. */
  previous?: Registration;
  /** The activation read before registering (none: undefined): saved over only if the store still holds it. */
  replacing: Activation | undefined;
}

/** A deactivation that keeps meeting new registrations (repairs by other processes) gives up after this many. */
const MAX_DEACTIVATION_ATTEMPTS = 3;

/**
 * Registers the binding and saves its activation, over the one it read (`replacing`) only: when
 * another process changed that meanwhile, the registration is undone instead, and undefined.
 */
async function register(
  parts: HostParts,
  targets: ReceiverTargets,
  binding: AnyCompiledBinding,
  secret: string,
  signal: AbortSignal,
  { activatedAt = parts.clock.now(), previous, replacing }: Registering,
): Promise<Activation | undefined> {
  const webhooks = webhooksOf(binding);
  const target = targets.get(binding.id);
  parts.scrubber.add(secret);
  // The third party may deliver (GitHub's ping) as soon as the registration exists: be ready for it.
  targets.set(binding.id, { binding, secret, webhooks });
  let activation: Activation;
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
    activation = {
      ...baseActivation(parts, binding),
      registration: registered.registration,
      secret: kept,
      activatedAt,
    };
    if (await parts.store.replaceActivation(replacing, activation)) return activation;
  } catch (error) {
    if (target === undefined) targets.delete(binding.id);
    else targets.set(binding.id, target);
    throw error;
  }
  await undoRegistration(parts, targets, binding, activation, signal);
  return undefined;
}

/**
 * A registration another process overtook: the receiver follows the store again, and the registration
 * made is removed, unless it is the very one the store now holds.
 */
async function undoRegistration(
  parts: HostParts,
  targets: ReceiverTargets,
  binding: AnyCompiledBinding,
  made: Activation,
  signal: AbortSignal,
): Promise<void> {
  const current = await parts.store.activation(binding.id);
  const active = current?.status === 'active' && current.secret !== undefined ? current : undefined;
  if (active?.secret !== undefined)
    targets.set(binding.id, { binding, secret: active.secret, webhooks: webhooksOf(binding) });
  else targets.delete(binding.id);
  if (made.registration === undefined) return;
  if (JSON.stringify(active?.registration) === JSON.stringify(made.registration)) return;
  const ctx = await triggerContext(parts, binding, 'delete', signal);
  await webhooksOf(binding).unregister(made.registration, ctx);
}

function changedElsewhere(binding: AnyCompiledBinding, action: 'activated' | 'deactivated'): StepError {
  return new StepError({
    code: 'unavailable',
    message:
      `Binding "${binding.id}" was changed by another process (\`toolsteps serve\`, \`trigger activate|deactivate\`) ` +
      `while it was being ${action}: nothing of this attempt was kept. Run it again`,
  });
}

export function webhooksOf(binding: AnyCompiledBinding): IntegrationWebhooks {
  const { webhooks } = binding.integration;
  if (webhooks === undefined) {
    throw new StepError({
      code: 'unsupported',
      message: `Integration "${binding.integration.id}" says nothing of how its webhooks are registered (no "webhooks")`,
    });
  }
  return webhooks;
}

function requestOf(parts: HostParts, binding: AnyCompiledBinding, secret: string): RegistrationRequest {
  const subscribes = binding.trigger.delivery === 'webhook' ? binding.trigger.webhook.subscribes : [];
  return { config: binding.config, url: parts.urlOf(binding.id), secret, subscribes };
}

function baseActivation(parts: HostParts, binding: AnyCompiledBinding): Activation {
  return {
    bindingId: binding.id,
    trigger: binding.trigger.id,
    account: binding.account,
    status: 'active',
    activatedAt: parts.clock.now(),
  };
}
