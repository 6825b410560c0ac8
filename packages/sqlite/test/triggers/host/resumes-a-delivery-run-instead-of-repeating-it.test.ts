import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { deliveryRunId } from '@toolsteps/engine';
import {
  type BoardSetup,
  boardSetup,
  card,
  temporaryFolder,
} from '../../../../engine/test/triggers/host/host-helpers.js';
import {
  commentsAccepted,
  SECOND_CARD_OFFSET,
  writeTwoComments,
} from '../../../../engine/test/triggers/host/two-comments.js';
import { SqliteJournal, SqliteTriggerStore } from '../../../src/index.js';

/** A journal runs can be resumed from: what makes a delivery taken again go on instead of start over. */
describe('a delivery taken again with a journal', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  let journal: SqliteJournal;
  let setup: BoardSetup;
  let binding: string;
  beforeEach(async () => {
    folder = temporaryFolder();
    journal = SqliteJournal.open(join(folder.path, 'runs.sqlite'));
    setup = await boardSetup({ journal });
    binding = writeTwoComments(folder.path);
  });
  afterEach(async () => {
    await setup.close();
    await journal.close();
    folder.remove();
  });

  const commented = (cardId: number) => commentsAccepted(setup.board.emulator, cardId);
  const failSecondComment = (cardId: number) =>
    setup.board.emulator.faults.inject({
      method: 'POST',
      path: `/cards/${cardId + SECOND_CARD_OFFSET}/comments`,
      status: 422,
      body: { message: 'Card is locked' },
    });

  /** A started host, and one card whose delivery failed at its second comment (the first was made). */
  const failedAtSecondComment = async () => {
    const { host } = await setup.host({ bindings: [binding] });
    await host.activate('two-comments');
    await host.start();
    failSecondComment(11);
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();
    return { host, answer };
  };

  it('runs each event under an id of its own, the same each time the delivery is taken', async () => {
    const { host, log } = await setup.host({ bindings: [binding] });
    await host.activate('two-comments');
    await host.start();
    failSecondComment(12);
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'One'), card(12, 'Two')]);
    await host.idle();

    const [failed] = await host.deliveries();
    const ids = [deliveryRunId(failed, 0), deliveryRunId(failed, 1)];
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(failed.runs.map(({ runId, status }) => [runId, status])).toEqual([
      [ids[0], 'succeeded'],
      [ids[1], 'failed'],
    ]);

    await host.replay(answer.id);
    await host.idle();
    expect(log.of('run.started').map((event) => event.runId)).toEqual([ids[0], ids[1], ids[1]]);
    expect((await host.deliveries())[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('resumes a run that failed mid-way: the write it made is not made again', async () => {
    const { host, answer } = await failedAtSecondComment();
    expect((await host.deliveries())[0]).toMatchObject({ status: 'failed' });
    expect([commented(11), commented(11 + SECOND_CARD_OFFSET)]).toEqual([1, 0]);

    const replayed = await host.replay(answer.id);
    await host.idle();
    const [delivery] = await host.deliveries();
    expect(delivery).toMatchObject({ id: replayed.id, status: 'succeeded', attempts: 2 });
    expect([commented(11), commented(11 + SECOND_CARD_OFFSET)]).toEqual([1, 1]);
    const runId = deliveryRunId(delivery, 0);
    expect(await journal.run(runId)).toMatchObject({ status: 'succeeded', resumes: 1 });
    const steps = await journal.steps(runId);
    expect(steps.map((step) => [step.stepKey, step.status])).toEqual([
      ['first', 'succeeded'],
      ['second', 'succeeded'],
    ]);
  });

  it('takes a run the journal has as succeeded as it ended: nothing runs again', async () => {
    // The crash came after the run ended and before the store recorded it: a second store holds the
    // delivery as the first did then, received and never run to its end.
    const before = SqliteTriggerStore.open(join(folder.path, 'before.sqlite'));
    const { host: first } = await setup.host({ bindings: [binding], store: before });
    await first.activate('two-comments');
    await first.start();
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await first.idle();
    await first.stop();
    const kept = await before.delivery('two-comments', answer.id);
    expect(kept).toMatchObject({ status: 'succeeded' });
    await before.close();

    const after = SqliteTriggerStore.open(join(folder.path, 'after.sqlite'));
    const { id, bindingId, source, receivedAt, headers, rawBody } = kept!;
    await after.commitDelivery({ id, bindingId, source, receivedAt, headers, rawBody });
    const { host, log } = await setup.host({ bindings: [binding], store: after });
    await host.start();
    await host.idle();
    expect(await after.delivery('two-comments', answer.id)).toMatchObject({
      status: 'succeeded',
      runs: [{ event: 0, runId: deliveryRunId(kept!, 0), status: 'succeeded' }],
    });
    expect(log.of('run.finished')).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect([commented(11), commented(11 + SECOND_CARD_OFFSET)]).toEqual([1, 1]);
    expect(await journal.run(deliveryRunId(kept!, 0))).toMatchObject({ resumes: 0 });
    await host.stop();
    await after.close();
  });

  it('takes a run cancelled with `runs cancel` as ended for good: a replay records it cancelled, runs nothing', async () => {
    const { host, answer } = await failedAtSecondComment();
    const runId = deliveryRunId((await host.deliveries())[0], 0);
    // What `toolsteps runs cancel` does to a run no process holds.
    expect(await journal.cancel(runId, { live: false })).toBe(true);

    await host.replay(answer.id);
    await host.idle();
    const [replayed] = await host.deliveries();
    expect(replayed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(replayed.runs.at(-1)).toMatchObject({ runId, status: 'cancelled' });
    expect(replayed.error).toMatchObject({ code: 'cancelled' });
    expect(replayed.error?.message).not.toContain('runs resume');
    expect([commented(11), commented(11 + SECOND_CARD_OFFSET)]).toEqual([1, 0]);
    expect(await journal.run(runId)).toMatchObject({ status: 'cancelled', resumes: 0 });
  });

  it('fails the delivery, saying why, when its run cannot be resumed: its workflow changed since', async () => {
    const { host: serving } = await setup.host({ bindings: [binding] });
    await serving.activate('two-comments');
    await serving.start();
    failSecondComment(11);
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await serving.idle();
    await serving.stop();

    // The workflow is edited, and a host loads it anew: the run began under the other version.
    writeTwoComments(folder.path, 'Second look, edited');
    const { host } = await setup.host({ bindings: [binding], store: serving.store });
    const replayed = await host.replay(answer.id);
    expect(replayed.status).toBe('failed');
    expect(replayed.error?.code).toBe('validation');
    const runId = deliveryRunId(replayed, 0);
    expect(replayed.error?.message).toContain(
      `Run ${runId}, begun by an earlier attempt at this delivery, was not resumed`,
    );
    expect(replayed.error?.message).toMatch(/two-comments\.json changed since run/);
    expect([commented(11), commented(11 + SECOND_CARD_OFFSET)]).toEqual([1, 0]);
    expect(await journal.run(runId)).toMatchObject({ status: 'failed', resumes: 0 });
  });
});
