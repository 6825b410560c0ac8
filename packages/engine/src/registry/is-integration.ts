import type { Integration } from '@toolsteps/sdk';

/** Why a value is not an `Integration`, or undefined when it is one (checked by shape: modules may come from anywhere). */
export function whyNotIntegration(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object')
    return `it is ${value === null ? 'null' : typeof value}, not an object`;
  const candidate = value as Partial<Record<keyof Integration, unknown>>;
  if (typeof candidate.id !== 'string' || candidate.id === '') return 'it has no string "id"';
  if (typeof candidate.title !== 'string') return `integration "${candidate.id}" has no string "title"`;
  if (candidate.status !== 'stable' && candidate.status !== 'beta') {
    return `integration "${candidate.id}" has status ${JSON.stringify(candidate.status)}; expected "stable" or "beta"`;
  }
  if (typeof candidate.http !== 'function') return `integration "${candidate.id}" has no "http" function`;
  if (candidate.auth === null || typeof candidate.auth !== 'object')
    return `integration "${candidate.id}" has no "auth"`;
  if (candidate.connection === null || typeof candidate.connection !== 'object') {
    return `integration "${candidate.id}" has no "connection" schema`;
  }
  if (!Array.isArray(candidate.steps)) return `integration "${candidate.id}" has no "steps" array`;
  for (const step of candidate.steps as unknown[]) {
    const id = (step as { id?: unknown } | null)?.id;
    const shaped = step as { run?: unknown; available?: unknown };
    if (typeof id !== 'string' || typeof shaped.run !== 'function' || typeof shaped.available !== 'boolean') {
      return `integration "${candidate.id}" has a step that is not made with defineStep (needs "id", "run" and "available")`;
    }
    if (!id.startsWith(`${candidate.id}.`))
      return `step "${id}" of integration "${candidate.id}" must start with "${candidate.id}."`;
  }
  return whyNotTriggers(candidate.id, candidate.triggers, candidate.webhooks);
}

const WEBHOOK_METHODS = ['register', 'unregister', 'inspect', 'verify', 'deliveryId'] as const;

/** Triggers are optional; when present each must come from defineTrigger, and webhook ones need `webhooks`. */
function whyNotTriggers(integration: string, triggers: unknown, webhooks: unknown): string | undefined {
  if (webhooks !== undefined) {
    const missing = WEBHOOK_METHODS.filter(
      (name) => typeof (webhooks as Record<string, unknown> | null)?.[name] !== 'function',
    );
    if (missing.length > 0)
      return `integration "${integration}" has "webhooks" without ${missing.map((name) => `"${name}"`).join(', ')}`;
  }
  if (triggers === undefined) return undefined;
  if (!Array.isArray(triggers)) return `integration "${integration}" has "triggers" that is not an array`;
  for (const trigger of triggers as unknown[]) {
    const shaped = trigger as { id?: unknown; available?: unknown; delivery?: unknown } | null;
    const id = shaped?.id;
    if (
      typeof id !== 'string' ||
      typeof shaped?.available !== 'boolean' ||
      (shaped.delivery !== 'webhook' && shaped.delivery !== 'poll')
    ) {
      return `integration "${integration}" has a trigger that is not made with defineTrigger (needs "id", "delivery" and "available")`;
    }
    if (!id.startsWith(`${integration}.`))
      return `trigger "${id}" of integration "${integration}" must start with "${integration}."`;
    if (shaped.delivery === 'webhook' && webhooks === undefined)
      return `trigger "${id}" is a webhook trigger, so integration "${integration}" needs "webhooks"`;
  }
  return undefined;
}

export function isIntegration(value: unknown): value is Integration {
  return whyNotIntegration(value) === undefined;
}
