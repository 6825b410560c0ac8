import {
  type AccountIdentity,
  type AccountSummary,
  type ConnectedAccount,
  isStepError,
  summarize,
} from '@toolsteps/sdk';
import type { AccountStore } from '../ports/credential-vault.js';
import type { CheckedTarget } from './checked-target.js';
import { ConnectError } from './connect-error.js';

/**
 * Stores a proven account: a new one under a fresh id (its name unique among the user's accounts of
 * the integration), or the account `reconnect` names with its credentials replaced in place.
 */
export async function storedAccount(
  vault: AccountStore,
  target: CheckedTarget,
  identity: AccountIdentity,
  credentials: Record<string, unknown>,
): Promise<AccountSummary> {
  const { integration, user } = target;
  const settings = { ...target.settings, ...identity.settings };
  if (target.reconnect !== undefined) {
    const existing = await accountToReconnect(vault, target, target.reconnect);
    refuseAnotherIdentity(existing, identity, target);
    const account: ConnectedAccount = {
      ...existing,
      name: target.name ?? existing.name,
      settings: { ...existing.settings, ...settings },
      credentials,
    };
    await stored(() => vault.update(account));
    return summarize(account);
  }
  const name = target.name ?? identity.name;
  const accounts = await vault.list(undefined, { user });
  const namesake = accounts.find((other) => other.integration === integration.id && other.name === name);
  if (namesake) {
    throw new ConnectError(
      'name_taken',
      `${whose(user)} ${integration.title} account "${name}" is already connected (id "${namesake.id}"): reconnect it (reconnect: "${namesake.id}") to replace its credentials, or give the new one another name. Nothing was stored`,
      { details: { account: namesake.id } },
    );
  }
  const account: ConnectedAccount = {
    id: freeId(`${integration.id}-${slug(name)}`, new Set(accounts.map((other) => other.id))),
    ...(user === undefined ? {} : { user }),
    integration: integration.id,
    name,
    settings,
    credentials,
  };
  await stored(() => vault.add(account));
  return summarize(account);
}

/** The account to reconnect, checked to exist for this user and integration before anything is sent. */
export async function accountToReconnect(
  vault: AccountStore,
  target: Pick<CheckedTarget, 'integration' | 'user'>,
  id: string,
): Promise<ConnectedAccount> {
  const existing = await vault.get({ id, user: target.user }).catch(() => undefined);
  if (!existing) {
    throw new ConnectError(
      'not_found',
      `${whose(target.user)} account "${id}" is not connected: nothing to reconnect`,
      {
        details: { account: id },
      },
    );
  }
  if (existing.integration !== target.integration.id) {
    throw new ConnectError(
      'invalid_request',
      `Account "${id}" is a ${existing.integration} account, not a ${target.integration.id} one: reconnect it through its own integration`,
    );
  }
  return existing;
}

/**
 * A reconnect keeps the account it replaces the credentials of: authorized as someone else (another
 * GitHub login), the same account name would act for another identity, so it is refused.
 */
function refuseAnotherIdentity(
  existing: ConnectedAccount,
  identity: AccountIdentity,
  target: CheckedTarget,
): void {
  for (const [key, value] of Object.entries(identity.settings ?? {})) {
    const before = existing.settings[key];
    if (before !== undefined && before !== value) {
      throw new ConnectError(
        'account_refused',
        `Account "${existing.id}" is ${target.integration.title} ${key} ${JSON.stringify(before)}, but the new credentials are ${JSON.stringify(value)}'s: reconnect it as ${JSON.stringify(before)}, or connect ${JSON.stringify(value)} as a new account. Nothing was stored`,
        { details: { account: existing.id, [key]: value } },
      );
    }
  }
}

/** The vault's own refusal as a ConnectError: the account was proven, but it is not stored. */
async function stored(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isStepError(error)) throw error;
    throw new ConnectError('storage_failed', `${error.message} (the account was not stored)`, {
      cause: error,
    });
  }
}

function whose(user: string | undefined): string {
  return user === undefined ? 'The' : `User "${user}"'s`;
}

/** An id made from a name: lowercase letters, digits and hyphens. */
function slug(name: string): string {
  const made = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return made === '' ? 'account' : made;
}

function freeId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
