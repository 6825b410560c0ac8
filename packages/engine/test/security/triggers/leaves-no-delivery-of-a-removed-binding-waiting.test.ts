import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { BodyBudget } from '../../../src/index.js';
import { AGENT_ON_BUGS, bindingSource, RecordingHandler } from '../../triggers/host/handler-helpers.js';
import {
  type BoardSetup,
  boardSetup,
  boardSignature,
  card,
  cardsBody,
} from '../../triggers/host/host-helpers.js';
import { rawSend, until } from '../receiver/support/raw-sender.js';

describe('a delivery still being received as its binding is removed', () => {
  let setup: BoardSetup;
  let startAgent: RecordingHandler;
  beforeEach(async () => {
    setup = await boardSetup();
    startAgent = new RecordingHandler();
  });
  afterEach(() => setup.close());

  it('is kept and finished skipped, saying why: nothing runs for it, and nothing waits for ever', async () => {
    const bodyBudget = new BodyBudget();
    const { host, log } = await setup.host({
      bindings: [bindingSource(AGENT_ON_BUGS)],
      handlers: { startAgent: startAgent.handle },
      bodyBudget,
    });
    await host.activate(AGENT_ON_BUGS.id);
    await host.start();
    const [{ secret }] = setup.board.hooks('roadmap');
    const body = new TextEncoder().encode(cardsBody(card(11, 'Crash on save')));

    // Its sender is slow: the host has begun reading it when the binding is removed.
    const { answer } = rawSend(host.urlOf(AGENT_ON_BUGS.id), {
      headers: {
        'content-type': 'application/json',
        'x-board-event': 'card',
        'x-board-delivery': 'slow-delivery',
        'x-board-signature': boardSignature(new TextDecoder().decode(body), secret),
      },
      chunks: [body.subarray(0, 10), body.subarray(10)],
      beforeChunk: async () => {
        await until(() => bodyBudget.heldBytes > 0);
        await host.removeBinding(AGENT_ON_BUGS.id);
      },
    });

    expect((await answer).status).toBe(202);
    await host.idle();
    expect(startAgent.calls).toEqual([]);
    expect(await host.store.delivery(AGENT_ON_BUGS.id, 'slow-delivery')).toMatchObject({
      status: 'skipped',
      error: { code: 'cancelled', message: expect.stringContaining('was removed from the trigger host') },
    });
    expect(log.of('delivery.finished')).toEqual([
      expect.objectContaining({ deliveryId: 'slow-delivery', status: 'skipped' }),
    ]);
    expect(await host.deliveries({ status: ['received', 'running'] })).toEqual([]);
  });
});
