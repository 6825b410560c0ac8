import { afterEach, beforeEach } from '@jest/globals';
import { createTasksEmulator, type TasksEmulator } from '../../../../examples/tasks/src/emulator.js';
import tasks from '../../../../examples/tasks/src/index.js';
import { createEngine, type Engine } from '../../src/container/create-engine.js';
import type { ConnectedAccount } from '../../src/contracts/account.js';
import type { Integration } from '../../src/contracts/integration.js';
import { SqliteJournal } from '../../src/journal/index.js';

/**
 * A fresh tasks emulator and an engine journaling to an in-memory SQLite journal, per test: what a
 * crash leaves in the journal is what these tests resume from.
 */
export function useResumeWorld(
  extra: Integration[] = [],
  extraAccounts: (emulator: TasksEmulator) => ConnectedAccount[] = () => [],
) {
  let state: { emulator: TasksEmulator; journal: SqliteJournal; engine: Engine } | undefined;
  beforeEach(async () => {
    const emulator = await createTasksEmulator();
    const journal = SqliteJournal.open(':memory:');
    const engine = await createEngine({
      integrations: [tasks, ...extra],
      accounts: [emulator.account, ...extraAccounts(emulator)],
      journal,
    });
    state = { emulator, journal, engine };
  });
  afterEach(async () => {
    await state?.emulator.close();
    await state?.journal.close();
  });
  const started = () => {
    if (!state) throw new Error('The resume world is not started yet');
    return state;
  };
  return {
    get emulator() {
      return started().emulator;
    },
    get journal() {
      return started().journal;
    },
    get engine() {
      return started().engine;
    },
    /** The POSTs that reached /tasks: every task added, or attempted. */
    posts: () => started().emulator.requests.filter((r) => r.method === 'POST' && r.path === '/tasks'),
  };
}
