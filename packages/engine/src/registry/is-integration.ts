import type { Integration } from '../contracts/integration.js';

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
  return undefined;
}

export function isIntegration(value: unknown): value is Integration {
  return whyNotIntegration(value) === undefined;
}
