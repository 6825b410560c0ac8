import { join, resolve } from 'node:path';
import type { TriggerStore } from '@toolsteps/engine';
import { SqliteTriggerStore } from './sqlite-trigger-store.js';
import { triggerStoreKey } from './trigger-store-key.js';

/** Where the embedded store lives unless told otherwise, under the working folder. */
export const DEFAULT_TRIGGER_STORE_PATH = join('.toolsteps', 'triggers.sqlite');

/**
 * The embedded store an engine gets by default: SQLite at `path` (relative to `cwd`), its secrets
 * sealed with `TOOLSTEPS_VAULT_KEY` when that is set.
 */
export function defaultTriggerStore(path = DEFAULT_TRIGGER_STORE_PATH, cwd = process.cwd()): TriggerStore {
  return SqliteTriggerStore.open(resolve(cwd, path), { key: triggerStoreKey() });
}
