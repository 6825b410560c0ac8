import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type BoardSetup, boardSetup, card } from './host-helpers.js';

describe('a redelivery', () => {
  let setup: BoardSetup;
  beforeEach(async () => {
    setup = await boardSetup();
  });
  afterEach(() => setup.close());

  it('is acknowledged as a duplicate and runs nothing a second time', async () => {
    const { host, log } = await setup.host();
    await host.activate('triage-new-bugs');
    await host.start();
    const [first] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();
    const again = await setup.board.redeliver(first.id);
    // Redelivered while the first is still waiting to run, too: held once.
    const [second] = await setup.board.createCards('roadmap', [card(12, 'Freeze on load')]);
    const racing = await setup.board.redeliver(second.id);
    await host.idle();

    expect(first.status).toBe(202);
    expect(again).toEqual({
      id: first.id,
      hookId: first.hookId,
      status: 200,
      body: { duplicate: true, delivery: first.id },
    });
    expect(racing.status).toBe(200);
    expect(log.of('delivery.duplicate').map((event) => event.deliveryId)).toEqual([first.id, second.id]);
    expect(log.of('run.started')).toHaveLength(2);
    expect(await host.deliveries()).toEqual([
      expect.objectContaining({ id: first.id, status: 'succeeded', attempts: 1 }),
      expect.objectContaining({ id: second.id, status: 'succeeded', attempts: 1 }),
    ]);
    const comments = setup.board.emulator.requests.filter((request) => request.path.endsWith('/comments'));
    expect(comments.map((request) => request.path)).toEqual(['/cards/11/comments', '/cards/12/comments']);
  });
});
