import { randomUUID } from 'node:crypto';
import { type AccountIdentity, type ConnectedAccount, isStepError } from '@toolsteps/sdk';
import type { HttpClientFactory } from '../ports/services.js';
import type { CheckedTarget } from './checked-target.js';
import { ConnectError } from './connect-error.js';

/** A StepError of these codes means the provider could not be asked, not that it said no. */
const UNANSWERED: ReadonlySet<string> = new Set([
  'unavailable',
  'timeout',
  'rate_limited',
  'cancelled',
  'upstream',
]);

/**
 * Who new credentials belong to, asked of the provider with them before anything is stored: the
 * integration's `identify` runs on a client of a provisional account (its own id, never stored), so
 * the request takes the path every step's does: auth, limits, timeouts, size caps, scrubbing.
 */
export async function provenIdentity(
  target: CheckedTarget,
  credentials: Record<string, unknown>,
  http: HttpClientFactory,
  signal: AbortSignal,
): Promise<AccountIdentity> {
  const { integration } = target;
  const provisional: ConnectedAccount = {
    id: `connecting-${randomUUID()}`,
    ...(target.user === undefined ? {} : { user: target.user }),
    integration: integration.id,
    name: target.name ?? `new ${integration.title} account`,
    settings: target.settings,
    credentials,
  };
  const client = http.client({ integration, account: provisional, effect: 'read', signal });
  let identity: AccountIdentity;
  try {
    identity = await target.connect.identify({ http: client, settings: target.settings });
  } catch (error) {
    if (!isStepError(error)) throw error;
    if (error.code === 'unauthorized') {
      throw new ConnectError(
        'grant_refused',
        `${integration.title} refused the new credentials (${error.message}); nothing was stored`,
        { cause: error },
      );
    }
    if (UNANSWERED.has(error.code)) {
      throw new ConnectError(
        error.code === 'cancelled' ? 'cancelled' : 'provider_error',
        `Could not check the new ${integration.title} account: ${error.message}; nothing was stored`,
        { cause: error },
      );
    }
    throw new ConnectError('account_refused', `${error.message}. Nothing was stored`, { cause: error });
  }
  if (typeof identity?.name !== 'string' || identity.name.trim() === '') {
    throw new ConnectError(
      'provider_error',
      `${integration.title} did not say who the new account is (no name); nothing was stored`,
    );
  }
  return identity;
}
