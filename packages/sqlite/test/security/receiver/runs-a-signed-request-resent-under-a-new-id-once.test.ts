import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type BoardSetup,
  boardSetup,
  boardSignature,
  card,
  temporaryFolder,
} from '../../../../engine/test/triggers/host/host-helpers.js';
import { SqliteTriggerStore } from '../../../src/index.js';

describe('a signed request resent under a new delivery id', () => {
  let setup: BoardSetup;
  let folder: ReturnType<typeof temporaryFolder>;
  let store: SqliteTriggerStore;

  beforeEach(async () => {
    setup = await boardSetup();
    folder = temporaryFolder();
    store = SqliteTriggerStore.open(join(folder.path, 'triggers.sqlite'));
  });
  afterEach(async () => {
    await setup.close();
    await store.close();
    folder.remove();
  });

  /** What someone who saw one delivery holds (a proxy's log): its bytes and its signature, not the secret. */
  async function oneDeliverySeen() {
    const [sent] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    expect(sent.status).toBe(202);
    const [kept] = await store.deliveries();
    const body = new TextDecoder().decode(kept.rawBody);
    const [{ secret }] = setup.board.hooks('roadmap');
    return { sent, body, signature: boardSignature(body, secret) };
  }
  const resend = (body: string, signature: string, deliveryId: string) =>
    fetch(`${setup.publicUrl}/hooks/triage-new-bugs`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-board-event': 'card',
        'x-board-delivery': deliveryId,
        'x-board-signature': signature,
      },
      body,
    });
  const comments = () =>
    setup.board.emulator.requests.filter((request) => request.path === '/cards/11/comments');

  it('is answered 200 duplicate and runs nothing, even after a restart of the host', async () => {
    const { host, log } = await setup.host({ store });
    await host.activate('triage-new-bugs');
    await host.start();
    const { sent, body, signature } = await oneDeliverySeen();
    await host.idle();

    const replayed = await resend(body, signature, 'replayed-1');
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toEqual({ duplicate: true, delivery: 'replayed-1' });
    await host.idle();
    expect(log.of('delivery.duplicate')).toEqual([expect.objectContaining({ deliveryId: 'replayed-1' })]);

    // Kept durably: a host started again over the same store refuses it too.
    await host.stop();
    const again = await setup.host({ store });
    await again.host.start();
    expect((await resend(body, signature, 'replayed-2')).status).toBe(200);
    await again.host.idle();

    expect((await store.deliveries()).map((delivery) => delivery.id)).toEqual([sent.id]);
    expect(comments()).toHaveLength(1);
  });

  it('leaves other deliveries alone: another body is another delivery, with its own signature', async () => {
    const { host } = await setup.host({ store });
    await host.activate('triage-new-bugs');
    await host.start();
    await oneDeliverySeen();
    const [second] = await setup.board.createCards('roadmap', [card(12, 'Freeze on load')]);
    await host.idle();

    expect(second.status).toBe(202);
    expect(await store.deliveries()).toEqual([
      expect.objectContaining({ status: 'succeeded' }),
      expect.objectContaining({ id: second.id, status: 'succeeded' }),
    ]);
  });
});
