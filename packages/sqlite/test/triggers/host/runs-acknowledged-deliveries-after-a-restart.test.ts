import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type BoardSetup,
  boardSetup,
  card,
  temporaryFolder,
} from '../../../../engine/test/triggers/host/host-helpers.js';
import { SqliteTriggerStore } from '../../../src/index.js';

describe('deliveries acknowledged before a crash', () => {
  let setup: BoardSetup;
  let folder: ReturnType<typeof temporaryFolder>;
  beforeEach(async () => {
    setup = await boardSetup();
    folder = temporaryFolder();
  });
  afterEach(async () => {
    await setup.close();
    folder.remove();
  });

  it('run when a new host opens the same store', async () => {
    const path = join(folder.path, 'triggers.sqlite');
    const before = SqliteTriggerStore.open(path);
    const { host: dying } = await setup.host({ store: before });
    await dying.activate('triage-new-bugs');
    // Acknowledged, then the process goes before running it.
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    expect(answer.status).toBe(202);
    await dying.stop();
    await before.close();

    const after = SqliteTriggerStore.open(path);
    const { host, log } = await setup.host({ store: after });
    await host.start();
    expect(await log.next('delivery.finished')).toMatchObject({ deliveryId: answer.id, status: 'succeeded' });
    expect(await host.deliveries()).toEqual([expect.objectContaining({ id: answer.id, attempts: 1 })]);
    expect(setup.board.emulator.requests.map((request) => request.path)).toContain('/cards/11/comments');
    await host.stop();
    await after.close();
  });

  it('run again when the crash came in the middle of their run', async () => {
    const path = join(folder.path, 'triggers.sqlite');
    const before = SqliteTriggerStore.open(path);
    const { host: dying } = await setup.host({ store: before });
    await dying.activate('triage-new-bugs');
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    // Taken to run, then cut off: still `running` in the store.
    await before.startDelivery('triage-new-bugs', answer.id);
    await before.close();

    const after = SqliteTriggerStore.open(path);
    const { host, log } = await setup.host({ store: after });
    // Its secret came back from the store: the binding still verifies deliveries.
    const [next] = await setup.board.createCards('roadmap', [card(12, 'Freeze on load')]);
    expect(next.status).toBe(202);
    await host.start();
    await host.idle();
    const finished = log.of('delivery.finished').map((event) => [event.deliveryId, event.status]);
    expect(finished).toHaveLength(2);
    expect(finished).toEqual(
      expect.arrayContaining([
        [answer.id, 'succeeded'],
        [next.id, 'succeeded'],
      ]),
    );
    expect(await after.delivery('triage-new-bugs', answer.id)).toMatchObject({
      attempts: 2,
      status: 'succeeded',
    });
    await host.stop();
    await after.close();
  });
});
