import type { AdminEmulator, AdminRegion } from '../../src/testing/index.js';

export interface Call {
  /** The Authorization header; left out when undefined. */
  auth?: string;
  /** Sent as JSON unless it is a string (sent as is). */
  body?: unknown;
  contentType?: string;
  method?: 'POST' | 'GET';
}

export interface Answer {
  status: number;
  contentType: string;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: any;
}

/** One real HTTP request to a region's base address of the emulator. */
export async function call(
  emulator: AdminEmulator,
  region: AdminRegion,
  path: string,
  options: Call = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  if (options.auth !== undefined) headers.authorization = options.auth;
  const method = options.method ?? 'POST';
  const body =
    method === 'GET'
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body ?? {});
  const response = await fetch(`${emulator.regionBaseUrl(region)}${path}`, { method, headers, body });
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  return {
    status: response.status,
    contentType,
    body: contentType.includes('json') ? JSON.parse(text) : text,
  };
}

/** Demo credentials in each Authorization shape the API documents. */
export const ADA = 'key-ada-admin-0001';
export const BEN = 'key-ben-0002';
export const KIM = 'key-kim-0003';
export const PROJECT = 'proj-acme-1';
export const bearer = (key: string, project = PROJECT) => `Bearer ${project}:${key}`;
export const bare = (key: string, project = PROJECT) => `${project}:${key}`;
export const accountAuth = (key: string) => `Bearer :${key}`;

export const grant = (actions: Record<string, boolean>) => ({ items: { serviceDefault: { actions } } });
