import { describe, expect, it } from '@jest/globals';
import type { FaultSpec } from '@toolsteps/emulator';
import type { RunEvent } from '@toolsteps/engine';
import { notes, notesAccount } from '../../../engine/test/resume/notes-without-probe.js';
import { JOURNAL_KINDS } from '../journal/fresh-journals.js';
import { useResumeWorld } from './resume-world.js';

/**
 * A write whose answer says nothing (a 502, a dropped connection) may or may not have happened. A step
 * with a probe (`tasks.add_task`) does not leave that to an operator: the live run asks the probe,
 * as a resume would, and takes the write as done, or sends it again within its retry policy.
 */
describe.each(JOURNAL_KINDS)('on a %s', (kind) => {
  const world = useResumeWorld(kind, [notes], notesAccount);

  const addSecond = { step: 'tasks.add_task', args: { title: 'Second' } };
  /** Resends at once: the policy, not its waits, is what these tests are about. */
  const retried = { maxAttempts: 3, backoff: 'fixed', initial: '10ms' };

  /** Runs it, each fault injected as the second step starts its attempt of the same number. */
  async function run(workflow: Awaited<ReturnType<typeof world.twoWrites>>, ...faults: FaultSpec[]) {
    const events: RunEvent[] = [];
    const result = await world.engine.run(
      workflow,
      {},
      {
        onEvent: (event) => {
          events.push(event);
          const fault =
            event.type === 'step.started' && event.stepKey === 'second' && faults[event.attempt - 1];
          if (fault) world.emulator.faults.inject(fault);
        },
      },
    );
    return { result, events, probed: events.filter((event) => event.type === 'step.probed') };
  }

  const titled = (title: string) => [...world.emulator.tasks.values()].filter((task) => task.title === title);
  const postsOf = (title: string) =>
    world.posts().filter((post) => (post.body as { title: string }).title === title);
  const answered502 = (afterProcessing: boolean): FaultSpec => ({
    method: 'POST',
    path: '/tasks',
    status: 502,
    afterProcessing,
  });

  it('a write answered 502 after it was done is found by its probe: the step succeeds once', async () => {
    const { result, probed } = await run(await world.twoWrites(addSecond), answered502(true));

    expect(result).toMatchObject({ status: 'succeeded', output: 'Second' });
    expect(result.steps[1]).toMatchObject({
      stepKey: 'second',
      status: 'succeeded',
      attempts: 1,
      replayed: 'probed',
      result: { title: 'Second', status: 'open' },
    });
    expect(result.steps[1]).not.toHaveProperty('outcome');
    expect(probed).toEqual([
      expect.objectContaining({ stepKey: 'second', write: 'POST /tasks answered 502', found: true }),
    ]);
    expect(titled('Second')).toHaveLength(1);
    expect(postsOf('Second')).toHaveLength(1);
    expect(await world.journal.run(result.runId)).toMatchObject({ status: 'succeeded' });
  });

  it('a write whose answer was dropped after it was done is found the same way', async () => {
    const lost: FaultSpec = { method: 'POST', path: '/tasks', drop: true, afterProcessing: true };
    const { result, probed } = await run(await world.twoWrites(addSecond), lost);

    expect(result.status).toBe('succeeded');
    expect(result.steps[1]).toMatchObject({ replayed: 'probed', result: { title: 'Second' } });
    expect(probed).toMatchObject([
      { found: true, write: expect.stringMatching(/^POST \/tasks .*after it was sent/) },
    ]);
    expect(titled('Second')).toHaveLength(1);
  });

  it('a write answered 502 before it was done is not found, and is sent again within the retry policy', async () => {
    const { result, probed } = await run(
      await world.twoWrites({ ...addSecond, retry: retried }),
      answered502(false),
    );

    expect(result).toMatchObject({ status: 'succeeded', output: 'Second' });
    expect(result.steps[1]).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(result.steps[1]).not.toHaveProperty('replayed');
    expect(probed).toMatchObject([{ stepKey: 'second', found: false }]);
    expect(postsOf('Second')).toHaveLength(2);
    expect(titled('Second')).toHaveLength(1);
  });

  it('a write sent again is settled the same way: its own 502 after it was done is found', async () => {
    const workflow = await world.twoWrites({ ...addSecond, retry: retried });
    const { result, probed } = await run(workflow, answered502(false), answered502(true));

    expect(result.status).toBe('succeeded');
    expect(result.steps[1]).toMatchObject({ attempts: 2, replayed: 'probed' });
    expect(probed.map((event) => event.type === 'step.probed' && event.found)).toEqual([false, true]);
    expect(postsOf('Second')).toHaveLength(2);
    expect(titled('Second')).toHaveLength(1);
  });

  it('with no attempt left, a write its probe did not find stays unknown, and a resume asks again', async () => {
    const workflow = await world.twoWrites(addSecond);
    const { result, probed } = await run(workflow, answered502(false));

    expect(result.status).toBe('failed');
    expect(probed).toMatchObject([{ found: false }]);
    expect(result.steps[1]).toMatchObject({ status: 'failed', outcome: 'unknown' });
    expect(result.error).toMatchObject({
      code: 'unavailable',
      details: { notRetried: 'POST /tasks answered 502' },
    });
    expect(result.error?.message).toMatch(
      /not retried: tasks\.add_task may have been processed \(POST \/tasks answered 502\) and its probe did not find it, but the step's retry policy allows no other attempt/,
    );
    expect(await world.journal.run(result.runId)).toMatchObject({ status: 'outcome_unknown' });

    const resumed = await world.engine.resume(result.runId, { workflow });
    expect(resumed).toMatchObject({ status: 'succeeded', output: 'Second' });
    expect(titled('Second')).toHaveLength(1);
  });

  it('a step without a probe still stops with its outcome unknown, whatever its retry policy', async () => {
    const workflow = await world.twoWrites({
      step: 'notes.add_note',
      args: { text: 'Second' },
      retry: retried,
    });
    const { result, probed } = await run(workflow, answered502(true));

    expect(result.status).toBe('failed');
    expect(probed).toEqual([]);
    expect(result.steps[1]).toMatchObject({ status: 'failed', attempts: 1, outcome: 'unknown' });
    expect(result.error).toMatchObject({
      code: 'unavailable',
      details: { notRetried: 'POST /tasks answered 502' },
    });
    expect(result.error?.details).not.toHaveProperty('probe');
    expect(await world.journal.run(result.runId)).toMatchObject({ status: 'outcome_unknown' });
    expect(postsOf('Second')).toHaveLength(1);
  });

  it('a probe that fails leaves the write unknown, saying why, and sends nothing again', async () => {
    const listsFail = world.emulator.faults.inject({
      method: 'GET',
      path: '/tasks',
      status: 500,
      times: Number.POSITIVE_INFINITY,
    });
    const workflow = await world.twoWrites({ ...addSecond, retry: retried });
    const { result, probed } = await run(workflow, answered502(true));
    listsFail.cancel();

    expect(result.status).toBe('failed');
    expect(probed).toEqual([]);
    expect(result.steps[1]).toMatchObject({ status: 'failed', attempts: 1, outcome: 'unknown' });
    expect(result.error).toMatchObject({
      code: 'unavailable',
      retryable: false,
      details: {
        notRetried: 'POST /tasks answered 502',
        probe: expect.stringMatching(/^its probe could not tell \(unavailable: /),
      },
    });
    expect(result.error?.message).toMatch(
      /not retried: tasks\.add_task may have been processed \(POST \/tasks answered 502\) and its probe could not tell \(unavailable: .*GET \/tasks.*\)\. Check before running it again/,
    );
    expect(await world.journal.run(result.runId)).toMatchObject({ status: 'outcome_unknown' });
    expect(postsOf('Second')).toHaveLength(1);

    // Once the probe can look, a resume finds the write: nothing is sent again.
    const resumed = await world.engine.resume(result.runId, { workflow });
    expect(resumed).toMatchObject({ status: 'succeeded', output: 'Second' });
    expect(resumed.steps[1]).toMatchObject({ replayed: 'probed' });
    expect(postsOf('Second')).toHaveLength(1);
  });

  it("the journal keeps the probe's finding: a run stopped after it resumes without asking again", async () => {
    const workflow = await world.twoWrites(addSecond);
    const stop = new AbortController();
    const events: RunEvent[] = [];
    const stopped = await world.engine.run(
      workflow,
      {},
      {
        signal: stop.signal,
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'step.started' && event.stepKey === 'second')
            world.emulator.faults.inject(answered502(true));
          // Stopped between steps, as a crash would: once the probed step is recorded.
          if (event.type === 'step.succeeded' && event.stepKey === 'second')
            stop.abort('stopped between steps');
        },
      },
    );
    expect(stopped.status).toBe('cancelled');
    expect(events.filter((event) => event.type === 'step.probed')).toHaveLength(1);
    const lists = world.emulator.requests.filter((request) => request.method === 'GET').length;

    const resumed = await world.engine.resume(stopped.runId, { workflow });

    expect(resumed).toMatchObject({ status: 'succeeded', output: 'Second' });
    expect(resumed.steps[1]).toMatchObject({
      stepKey: 'second',
      replayed: 'recorded',
      result: { title: 'Second' },
    });
    // Only `after` listed tasks: the second step was replayed from the journal, not probed again.
    expect(world.emulator.requests.filter((request) => request.method === 'GET')).toHaveLength(lists + 1);
    expect(postsOf('Second')).toHaveLength(1);
  });
});
