import { existsSync } from 'node:fs';
import type { TriggerStore } from '@toolsteps/engine';
import { DEFAULT_TRIGGER_STORE_PATH, SqliteTriggerStore, triggerStoreKey } from '@toolsteps/sqlite';
import { UsageError } from '../exit-codes.js';

export interface OpenedTriggerStore {
  store: TriggerStore;
  path: string;
  /** Whether webhook secrets are sealed at rest (TOOLSTEPS_VAULT_KEY is set). */
  sealed: boolean;
}

/**
 * The SQLite trigger store at `--store` (default `.toolsteps/triggers.sqlite`). Commands that only
 * read it (`deliveries`) do not create one: a mistyped path says so instead of showing nothing.
 */
export function openTriggerStore(
  path: string | undefined,
  { create }: { create: boolean },
): OpenedTriggerStore {
  const chosen = path ?? DEFAULT_TRIGGER_STORE_PATH;
  if (!create && !existsSync(chosen)) {
    throw new UsageError(
      `No trigger store at ${chosen}: \`toolsteps serve\` creates it${path === undefined ? ' (--store names another)' : ''}`,
    );
  }
  let key: Buffer | undefined;
  try {
    key = triggerStoreKey();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  try {
    return { store: SqliteTriggerStore.open(chosen, { key }), path: chosen, sealed: key !== undefined };
  } catch (error) {
    throw new UsageError(`The trigger store ${chosen} cannot be opened: ${(error as Error).message}`);
  }
}
