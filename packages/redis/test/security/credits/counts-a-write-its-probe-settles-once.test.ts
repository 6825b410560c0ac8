import { describe, expect, it } from '@jest/globals';
import type { FaultSpec } from '@toolsteps/emulator';
import {
  paidAccount,
  paidTasks,
  TASK_PRICE,
} from '../../../../engine/test/security/credits/support/paid-tasks.js';
import { JOURNAL_KINDS } from '../../journal/fresh-journals.js';
import { useResumeWorld } from '../../resume/resume-world.js';

/**
 * A metered write whose answer said nothing is counted at its worst case until its probe settles it:
 * proven absent, it cost nothing and its worst case is given back before it is sent again; found, it
 * stands at its worst case, in the live run and in a run resumed after its process died mid-write.
 * The run counts what the provider charged (TASK_PRICE a task added), never twice, never not at all.
 */
describe.each(JOURNAL_KINDS)('on a %s', (kind) => {
  const world = useResumeWorld(kind, [paidTasks], paidAccount);

  /** Paid writes under a run budget of one write: a write counted twice leaves no room for a resend. */
  function paidWrites(titles: string[], retry?: object) {
    return world.engine.load({
      text: JSON.stringify({
        id: 'paid-writes',
        defaults: { maxCredits: TASK_PRICE },
        steps: titles.map((title, index) => ({
          id: `add${index}`,
          step: 'paid.add_task',
          args: { title },
          ...(retry ? { retry } : {}),
        })),
      }),
    });
  }
  const retried = { maxAttempts: 2, backoff: 'fixed', initial: '10ms' };
  const answered502 = (afterProcessing: boolean): FaultSpec => ({
    method: 'POST',
    path: '/tasks',
    status: 502,
    afterProcessing,
  });
  const added = (title: string) => [...world.emulator.tasks.values()].filter((task) => task.title === title);
  /** What the provider charged: TASK_PRICE for each task it added. */
  const charged = () =>
    [...world.emulator.tasks.values()].filter((task) => task.title.startsWith('Paid')).length * TASK_PRICE;

  it('a write its probe proves absent cost nothing: it is sent again within a budget of one write', async () => {
    world.emulator.faults.inject(answered502(false));

    const run = await world.engine.run(await paidWrites(['Paid'], retried), {}, {});

    expect(run.error).toBeUndefined();
    expect(run.status).toBe('succeeded');
    expect(run.steps[0]).toMatchObject({ attempts: 2, credits: { spent: TASK_PRICE } });
    expect(world.posts()).toHaveLength(2);
    expect(added('Paid')).toHaveLength(1);
    expect(run.credits?.total).toBe(charged());
  });

  it('a write its probe finds stands at its worst case, estimated, and is not sent again', async () => {
    world.emulator.faults.inject(answered502(true));

    const run = await world.engine.run(await paidWrites(['Paid'], retried), {}, {});

    expect(run.error).toBeUndefined();
    expect(run.status).toBe('succeeded');
    expect(run.steps[0]).toMatchObject({
      replayed: 'probed',
      credits: { spent: TASK_PRICE, estimated: true },
    });
    expect(world.posts()).toHaveLength(1);
    expect(run.credits).toMatchObject({ total: charged(), estimated: true });
  });

  it('resumed, a write left unknown that its probe then proves absent is given back and sent again', async () => {
    world.emulator.faults.inject(answered502(false));
    const workflow = await paidWrites(['Paid']);

    // No attempt left: it may yet land, so it stays counted at its worst case.
    const stopped = await world.engine.run(workflow, {}, {});
    expect(stopped.steps[0]).toMatchObject({ status: 'failed', outcome: 'unknown' });
    expect(stopped.credits).toMatchObject({ total: TASK_PRICE, estimated: true });

    const resumed = await world.engine.resume(stopped.runId, { workflow });

    expect(resumed.status).toBe('succeeded');
    expect(added('Paid')).toHaveLength(1);
    expect(resumed.credits?.total).toBe(charged());
  });

  it('resumed after its process died mid-write, a write its probe finds counts its worst case', async () => {
    // The first process is stuck on its POST, which the provider processed (and charged): what a
    // process killed there leaves in the journal. It is resumed from there, as --force would.
    world.emulator.faults.inject({ ...answered502(true), status: undefined, delayMs: 60_000 });
    const workflow = await paidWrites(['Paid', 'Paid again']);
    const hung = new AbortController();
    let runId = '';
    const first = world.engine.run(
      workflow,
      {},
      {
        signal: hung.signal,
        onEvent: (event) => {
          runId = event.runId;
        },
      },
    );
    await until(() => added('Paid').length === 1);

    const resumed = await world.engine.resume(runId, { workflow, force: true });
    hung.abort('the test is over');
    await first;

    expect(resumed.steps[0]).toMatchObject({
      replayed: 'probed',
      credits: { spent: TASK_PRICE, estimated: true },
    });
    // The found write fills the budget: the second is refused before it is sent.
    expect(resumed.error).toMatchObject({ code: 'budget', step: 'add1' });
    expect(added('Paid again')).toHaveLength(0);
    expect(resumed.credits).toMatchObject({ total: charged(), estimated: true });
  });

  it('resumed after its process died waiting to ask the probe, a write the probe finds is counted once', async () => {
    // The first process counted the write at its worst case and journaled it, then waits a minute
    // before asking its probe: a process killed there leaves the count, and no finding, behind.
    world.emulator.faults.inject(answered502(true));
    const workflow = await paidWrites(['Paid', 'Paid again'], { ...retried, initial: '60s' });
    const hung = new AbortController();
    let runId = '';
    let waiting = false;
    const first = world.engine.run(
      workflow,
      {},
      {
        signal: hung.signal,
        onEvent: (event) => {
          runId = event.runId;
          if (event.type === 'step.retrying') waiting = true;
        },
      },
    );
    await until(() => waiting);

    const resumed = await world.engine.resume(runId, { workflow, force: true });
    hung.abort('the test is over');
    await first;

    expect(resumed.steps[0]).toMatchObject({
      replayed: 'probed',
      credits: { spent: TASK_PRICE, estimated: true },
    });
    expect(resumed.error).toMatchObject({ code: 'budget', step: 'add1' });
    expect(resumed.credits).toMatchObject({ total: charged(), estimated: true });
  });
});

/** Waits for what another task of the test brings about, looking every 10 ms. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}
