import type { Context } from '@toolsteps/emulator';
import { AdminApiError } from './admin-api-error.js';
import type { Permissions } from './admin-model.js';
import { permissionsProblem } from './permissions.js';

// Deliberately simple: one @, no spaces, a dot in the domain. Enough to refuse typos like "ada@acme".
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every administration call sends its body as a JSON object with `Content-Type: application/json`. */
export async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new AdminApiError(415, 'Send the body as JSON with Content-Type: application/json');
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new AdminApiError(400, 'The body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AdminApiError(400, 'The body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** A required non-empty string field: 400 naming the field when missing, 422 when of the wrong type. */
export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    throw new AdminApiError(400, `${field} is required`);
  }
  if (typeof value !== 'string') throw new AdminApiError(422, `${field} must be a string`);
  return value;
}

export function requireEmail(body: Record<string, unknown>): string {
  const email = requireString(body, 'email');
  if (!EMAIL.test(email)) throw new AdminApiError(422, `email "${email}" is not a valid email address`);
  return email;
}

export function requirePermissions(body: Record<string, unknown>): Permissions {
  if (body.permissions === undefined || body.permissions === null) {
    throw new AdminApiError(400, 'permissions is required');
  }
  const problem = permissionsProblem(body.permissions);
  if (problem !== undefined) throw new AdminApiError(422, problem);
  return structuredClone(body.permissions as Permissions);
}
