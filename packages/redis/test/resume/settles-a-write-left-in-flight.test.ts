import { describe, expect, it } from '@jest/globals';
import { type RunEvent, type StepResolution, settlingTrace } from '@toolsteps/engine';
import { notes, notesAccount } from '../../../engine/test/resume/notes-without-probe.js';
import { JOURNAL_KINDS } from '../journal/fresh-journals.js';
import { useResumeWorld } from './resume-world.js';

describe.each(JOURNAL_KINDS)('on a %s', (kind) => {
  const world = useResumeWorld(kind, [notes], notesAccount);

  /** Loses the answer of the second step's POST: dropped after the emulator acted on it, or before. */
  function losingTheSecondAnswer(afterProcessing: boolean) {
    return (event: RunEvent) => {
      if (event.type === 'step.started' && event.stepKey === 'second')
        world.emulator.faults.inject({ method: 'POST', path: '/tasks', drop: true, afterProcessing });
    };
  }

  const titled = (title: string) => [...world.emulator.tasks.values()].filter((task) => task.title === title);

  it('a write whose answer was lost after it happened is found by its probe, not repeated', async () => {
    const workflow = await world.twoWrites({ step: 'tasks.add_task', args: { title: 'Second' } });
    // The run's own probe cannot look (the emulator fails every list): it leaves the write unknown.
    const listsFail = world.emulator.faults.inject({
      method: 'GET',
      path: '/tasks',
      status: 500,
      times: Number.POSITIVE_INFINITY,
    });
    const first = await world.engine.run(workflow, {}, { onEvent: losingTheSecondAnswer(true) });
    listsFail.cancel();
    expect(first.status).toBe('failed');
    expect(first.steps[1]).toMatchObject({ stepKey: 'second', outcome: 'unknown' });
    expect(await world.journal.run(first.runId)).toMatchObject({ status: 'outcome_unknown' });
    expect(titled('Second')).toHaveLength(1);

    const resumed = await world.engine.resume(first.runId, { workflow });

    expect(resumed).toMatchObject({ status: 'succeeded', output: 'Second' });
    expect(resumed.steps[1]).toMatchObject({ stepKey: 'second', status: 'succeeded', replayed: 'probed' });
    expect(titled('Second')).toHaveLength(1);
    expect(world.posts().filter((post) => (post.body as { title: string }).title === 'Second')).toHaveLength(
      1,
    );
  });

  it('a write lost before it happened is not found by its probe, and is sent once more', async () => {
    const workflow = await world.twoWrites({ step: 'tasks.add_task', args: { title: 'Second' } });
    const first = await world.engine.run(workflow, {}, { onEvent: losingTheSecondAnswer(false) });
    expect(first.status).toBe('failed');
    expect(titled('Second')).toHaveLength(0);

    const resumed = await world.engine.resume(first.runId, { workflow });

    expect(resumed).toMatchObject({ status: 'succeeded', output: 'Second' });
    expect(resumed.steps[1].replayed).toBeUndefined();
    expect(titled('Second')).toHaveLength(1);
  });

  it('without a probe, the resumed run stops as outcome_unknown naming the step, what it sent and when', async () => {
    const workflow = await world.twoWrites({ step: 'notes.add_note', args: { text: 'Second' } });
    const first = await world.engine.run(workflow, {}, { onEvent: losingTheSecondAnswer(true) });
    const posts = world.posts().length;

    const stopped = await world.engine.resume(first.runId, { workflow });

    expect(stopped.status).toBe('failed');
    expect(stopped.error).toMatchObject({ code: 'outcome_unknown', step: 'second' });
    expect(stopped.error?.message).toMatch(
      /^Step "second" \(notes\.add_note\) sent POST \/tasks at \d{4}-\d\d-\d\dT[\d:.]+Z .*unknown; running it again could repeat it and it declares no probe to find out\. .*toolsteps runs resolve [0-9a-f-]{36} --step second --as done --result <file>, or --as retry, or --as failed$/,
    );
    expect(world.posts()).toHaveLength(posts);
    expect(titled('Second')).toHaveLength(1);
    expect(await world.journal.run(first.runId)).toMatchObject({ status: 'outcome_unknown' });
    // `after` never ran: nothing past the unknown write.
    expect(stopped.steps.map((step) => step.stepKey)).toEqual(['first', 'second']);
  });

  /** What `toolsteps runs resolve` records: an operator's decision on the step. */
  const settled = (resolution: StepResolution, result?: unknown) =>
    settlingTrace('second', 'notes.add_note', resolution, result);

  it('settled as done by an operator, the step keeps the result given and the run goes on', async () => {
    const workflow = await world.twoWrites({ step: 'notes.add_note', args: { text: 'Second' } });
    const first = await world.engine.run(workflow, {}, { onEvent: losingTheSecondAnswer(true) });
    await world.journal.recordStep(first.runId, settled('done', { id: 7, title: 'Second' }));

    const resumed = await world.engine.resume(first.runId, { workflow });

    expect(resumed).toMatchObject({ status: 'succeeded', output: 'Second' });
    expect(resumed.steps[1]).toMatchObject({ resolution: 'done', replayed: 'recorded' });
    expect(titled('Second')).toHaveLength(1);
  });

  it('settled as retry, the step is sent again; settled as failed, the run fails there', async () => {
    const workflow = await world.twoWrites({ step: 'notes.add_note', args: { text: 'Second' } });
    const lost = await world.engine.run(workflow, {}, { onEvent: losingTheSecondAnswer(false) });
    await world.journal.recordStep(lost.runId, settled('retry'));
    const retried = await world.engine.resume(lost.runId, { workflow });
    expect(retried).toMatchObject({ status: 'succeeded', output: 'Second' });
    expect(titled('Second')).toHaveLength(1);

    const again = await world.engine.run(workflow, {}, { onEvent: losingTheSecondAnswer(false) });
    await world.journal.recordStep(again.runId, settled('failed'));
    const failed = await world.engine.resume(again.runId, { workflow });
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: 'upstream', message: expect.stringMatching(/settled step second as failed/) },
    });
    expect(await world.journal.run(again.runId)).toMatchObject({ status: 'failed' });
    expect(titled('Second')).toHaveLength(1);
  });
});
