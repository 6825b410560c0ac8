import { describe, expect, it } from '@jest/globals';
import { createEngine, ResumeRefused } from '@toolsteps/engine';
import tasks from '../../../../examples/tasks/src/index.js';
import { JOURNAL_KINDS } from '../journal/fresh-journals.js';
import { useResumeWorld } from './resume-world.js';

describe.each(JOURNAL_KINDS)('on a %s', (kind) => {
  const world = useResumeWorld(kind);

  const definition = (title: string) => ({
    id: 'one-task',
    steps: [
      { id: 'open', step: 'tasks.list_tasks', args: { status: 'open' } },
      { id: 'add', step: 'tasks.add_task', args: { title } },
    ],
  });
  const load = (title: string) => world.engine.load({ text: JSON.stringify(definition(title)) });

  /** A run stopped after its first step, as Ctrl-C leaves one. */
  async function interrupted() {
    const workflow = await load('Ship it');
    const controller = new AbortController();
    const result = await world.engine.run(
      workflow,
      {},
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'step.succeeded' && event.stepKey === 'open') controller.abort();
        },
      },
    );
    expect(result.status).toBe('cancelled');
    return result.runId;
  }

  it('refuses a workflow changed since the run started, unless forced', async () => {
    const runId = await interrupted();
    const changed = await load('Ship it today');
    const refused = world.engine.resume(runId, { workflow: changed });
    await expect(refused).rejects.toThrow(ResumeRefused);
    await expect(refused).rejects.toThrow(
      /^The workflow one-task changed since run [0-9a-f-]{36} started \(sha256 [0-9a-f]{12}… then, [0-9a-f]{12}… now\).*--force/,
    );
    expect(world.posts()).toHaveLength(0);

    const forced = await world.engine.resume(runId, { workflow: changed, force: true });
    expect(forced.status).toBe('succeeded');
    expect(forced.steps[1].result).toMatchObject({ title: 'Ship it today' });
  });

  it('refuses a run that succeeded, one cancelled for good, and one it does not know', async () => {
    const workflow = await load('Done once');
    const done = await world.engine.run(workflow);
    await expect(world.engine.resume(done.runId, { workflow })).rejects.toThrow(
      `Run ${done.runId} already succeeded: there is nothing to resume`,
    );

    const runId = await interrupted();
    expect(await world.journal.cancel(runId, { live: false })).toBe(true);
    await expect(world.engine.resume(runId, { workflow })).rejects.toThrow(/was cancelled \(runs cancel\)/);

    await expect(world.engine.resume('no-such-run', { workflow })).rejects.toThrow(
      'No run "no-such-run" is journaled',
    );
    expect(world.posts()).toHaveLength(1);
  });

  it('refuses to resume on an engine whose journal keeps no history', async () => {
    const engine = await createEngine({ integrations: [tasks], accounts: [world.emulator.account] });
    await expect(engine.resume('any')).rejects.toThrow(
      /keeps no history to resume a run from: bind a SqliteJournal/,
    );
  });
});
