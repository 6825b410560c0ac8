import type { Env } from '@toolsteps/engine';
import { DEFAULT_KEY_ENV, parseVaultKey } from '@toolsteps/engine/adapters';

/**
 * The key webhook secrets are sealed with: the vault's own (`TOOLSTEPS_VAULT_KEY`), so one key
 * protects both the accounts file and the trigger store. Undefined when none is set.
 */
export function triggerStoreKey(env: Env = process.env, keyEnv = DEFAULT_KEY_ENV): Buffer | undefined {
  const text = env[keyEnv];
  if (text === undefined || text.trim() === '') return undefined;
  const key = parseVaultKey(text);
  if (key === undefined) throw new Error(`${keyEnv} must be 64 hex characters or base64 of 32 bytes`);
  return key;
}
