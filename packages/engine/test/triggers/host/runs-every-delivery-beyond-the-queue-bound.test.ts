import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type BoardSetup, boardSetup, card } from './host-helpers.js';

describe('deliveries beyond what the run queue holds', () => {
  let setup: BoardSetup;
  beforeEach(async () => {
    setup = await boardSetup();
  });
  afterEach(() => setup.close());

  it('wait committed in the store and all run, oldest first', async () => {
    const { host, log } = await setup.host({ maxQueued: 2, concurrency: 1 });
    await host.activate('triage-new-bugs');
    const ids: string[] = [];
    for (let n = 1; n <= 7; n++) {
      const [answer] = await setup.board.createCards('roadmap', [card(n, `Bug ${n}`)]);
      expect(answer.status).toBe(202);
      ids.push(answer.id);
    }
    await host.start();
    await host.idle();

    expect(log.of('run.finished').map((event) => event.deliveryId)).toEqual(ids);
    expect((await host.deliveries()).every((delivery) => delivery.status === 'succeeded')).toBe(true);
  });
});
