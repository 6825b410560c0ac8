import type { Context } from '@toolsteps/emulator';
import { GithubApiError, validationFailed } from './github-api-error.js';

export type JsonObject = Record<string, unknown>;

/** The request body as a JSON object; GitHub answers 400 "Problems parsing JSON" otherwise. */
export async function readJson(c: Context): Promise<JsonObject> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new GithubApiError(400, 'Problems parsing JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new GithubApiError(400, 'Body should be a JSON object');
  }
  return parsed as JsonObject;
}

/** A required non-empty string field, or 422 missing_field naming it. */
export function requireString(body: JsonObject, field: string, resource: string): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    throw validationFailed({ resource, code: 'missing_field', field });
  }
  if (typeof value !== 'string') {
    throw validationFailed({ resource, code: 'invalid', field, message: `${field} must be a string` });
  }
  return value;
}

/** An optional field of the given JSON type, or 422 invalid naming it. */
export function optional<T>(
  body: JsonObject,
  field: string,
  type: 'string' | 'boolean' | 'number' | 'array' | 'object',
  resource: string,
): T | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  const actual = Array.isArray(value) ? 'array' : typeof value;
  if (actual !== type) {
    throw validationFailed({ resource, code: 'invalid', field, message: `${field} must be of type ${type}` });
  }
  return value as T;
}

/** A query parameter, or undefined when absent or empty. */
export function queryParam(c: Context, name: string): string | undefined {
  const value = new URL(c.req.url).searchParams.get(name);
  return value === null || value === '' ? undefined : value;
}
