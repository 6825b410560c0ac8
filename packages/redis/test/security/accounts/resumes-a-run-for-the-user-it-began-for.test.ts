import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createEngine, type Engine, MemoryVault, type RunJournal } from '@toolsteps/engine';
import tasks from '../../../../../examples/tasks/src/index.js';
import { createTasksEmulator, type TasksEmulator } from '../../../../../examples/tasks/src/testing/index.js';
import { JOURNAL_KINDS, useFreshJournals } from '../../journal/fresh-journals.js';
import { tasksAccountsOfTwoUsers, whoseAccount } from '../support/tasks-accounts-of-two-users.js';

/** Two tasks added one after the other, with the account named `Main` of the run's user. */
const TWO_TASKS = {
  id: 'two-tasks',
  steps: [
    { id: 'first', step: 'tasks.add_task', account: 'Main', args: { title: 'First of Alice' } },
    { id: 'second', step: 'tasks.add_task', account: 'Main', args: { title: 'Second of Alice' } },
  ],
  output: '{% $steps.second.result.title %}',
};

describe.each(JOURNAL_KINDS)('on a %s', (kind) => {
  const openJournal = useFreshJournals(kind);
  let emulator: TasksEmulator;
  let journal: RunJournal;
  let engine: Engine;
  beforeEach(async () => {
    emulator = await createTasksEmulator();
    journal = await openJournal();
    // Alice's account reaches the emulator; Bob's, with the same id and name, is refused there.
    const vault = new MemoryVault(tasksAccountsOfTwoUsers(emulator, 'alice'));
    engine = await createEngine({ integrations: [tasks], vault, journal });
  });
  afterEach(async () => {
    await emulator.close();
    await journal.close();
  });

  it("a run for Alice cut off after its first step is resumed with Alice's account, not without a user", async () => {
    const workflow = await engine.load({ text: JSON.stringify(TWO_TASKS) }, { user: 'alice' });
    const controller = new AbortController();
    const cutOff = await engine.run(
      workflow,
      {},
      {
        user: 'alice',
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'step.succeeded' && event.stepKey === 'first') controller.abort();
        },
      },
    );
    expect(cutOff).toMatchObject({ status: 'cancelled', user: 'alice' });
    expect(await journal.run(cutOff.runId)).toMatchObject({ status: 'cancelled', user: 'alice' });
    const sentBefore = emulator.requests.length;

    // Whoever resumes it names no user: the journal says whose run it is.
    const resumed = await engine.resume(cutOff.runId, { workflow });

    expect(resumed).toMatchObject({ status: 'succeeded', user: 'alice', output: 'Second of Alice' });
    const sent = emulator.requests.slice(sentBefore);
    expect(
      sent.map(
        (request) =>
          `${request.method} ${request.path} with ${whoseAccount(request, emulator, 'alice')}'s account`,
      ),
    ).toEqual(["POST /tasks with alice's account"]);
    expect(resumed.steps.map((step) => [step.stepKey, step.replayed ?? 'ran', step.account?.id])).toEqual([
      ['first', 'recorded', 'tasks'],
      ['second', 'ran', 'tasks'],
    ]);
    expect(await journal.run(cutOff.runId)).toMatchObject({ status: 'succeeded', user: 'alice', resumes: 1 });
  });

  it('a run of no user is resumed with no user: it never takes a user’s account', async () => {
    // Loading for no user already says no account of no user is named "Main"; a workflow loaded for
    // Alice and run without her fails the same way, and so does its resume.
    await expect(engine.load({ text: JSON.stringify(TWO_TASKS) })).rejects.toThrow(
      /no tasks account is connected/,
    );
    const workflow = await engine.load({ text: JSON.stringify(TWO_TASKS) }, { user: 'alice' });

    const failed = await engine.run(workflow, {});
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'not_found' } });
    const resumed = await engine.resume(failed.runId, { workflow });

    expect(resumed).toMatchObject({ status: 'failed', error: { code: 'not_found' } });
    expect(resumed).not.toHaveProperty('user');
    expect(emulator.requests).toEqual([]);
  });
});
