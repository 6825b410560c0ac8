import type { ConnectedAccount } from '@toolsteps/engine';
import type { createAdminEmulator } from '../../src/testing/index.js';

export type AdminEmulator = Awaited<ReturnType<typeof createAdminEmulator>>;

/** The demo account with other credentials or settings: e.g. another user's key, or another region. */
export function accountWith(
  emulator: AdminEmulator,
  change: { apiKey?: string; settings?: Record<string, unknown> },
): ConnectedAccount {
  const base = emulator.account;
  return {
    ...base,
    id: `admin-${Math.random().toString(36).slice(2, 8)}`,
    settings: { ...base.settings, ...change.settings },
    credentials: change.apiKey === undefined ? base.credentials : { apiKey: change.apiKey },
  };
}

/** What the emulator received last: its Authorization header and JSON body. */
export function lastRequest(emulator: AdminEmulator) {
  const request = emulator.requests.at(-1);
  if (!request) throw new Error('The emulator received no request');
  return { path: request.path, authorization: request.headers.authorization, body: request.body };
}
