import { afterEach, beforeEach } from '@jest/globals';
import { createEngine, type Engine, type RunJournal } from '@toolsteps/engine';
import type { ConnectedAccount, Integration } from '@toolsteps/sdk';
import tasks from '../../../../examples/tasks/src/index.js';
import { createTasksEmulator, type TasksEmulator } from '../../../../examples/tasks/src/testing/index.js';
import { type JournalKind, useFreshJournals } from '../journal/fresh-journals.js';

/**
 * A fresh tasks emulator and an engine journaling to a fresh journal of the kind given, per test:
 * what a crash leaves in the journal is what these tests resume from. Each test file runs its cases
 * on every kind (`describe.each(JOURNAL_KINDS)`): a resume reads the same from either.
 */
export function useResumeWorld(
  kind: JournalKind,
  extra: Integration[] = [],
  extraAccounts: (emulator: TasksEmulator) => ConnectedAccount[] = () => [],
) {
  const openJournal = useFreshJournals(kind);
  let state: { emulator: TasksEmulator; journal: RunJournal; engine: Engine } | undefined;
  beforeEach(async () => {
    const emulator = await createTasksEmulator();
    const journal = await openJournal();
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
    /**
     * Loads `two-writes`: adds a task titled First, then runs `second` (its step, args and retry
     * policy), then lists the open tasks; its output is the title `second` answered.
     */
    twoWrites: (second: { step: string; args: object; retry?: object }) =>
      started().engine.load({
        text: JSON.stringify({
          id: 'two-writes',
          steps: [
            { id: 'first', step: 'tasks.add_task', args: { title: 'First' } },
            { id: 'second', ...second },
            { id: 'after', step: 'tasks.list_tasks', args: { status: 'open' } },
          ],
          output: '{% $steps.second.result.title %}',
        }),
      }),
  };
}
