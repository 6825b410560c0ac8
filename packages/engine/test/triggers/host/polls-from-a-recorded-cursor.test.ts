import { afterEach, describe, expect, it } from '@jest/globals';
import { FakeClock } from '../../../src/testing/index.js';
import { type BoardSetup, boardSetup, card } from './host-helpers.js';

describe('a poll binding', () => {
  let setup: BoardSetup;
  afterEach(() => setup.close());

  it('records the cursor on its first poll and runs only what came after', async () => {
    setup = await boardSetup();
    const { host, log } = await setup.host();
    await host.activate('note-archived-cards');
    setup.board.archiveCard('roadmap', card(3, 'Old idea', []));

    expect(await host.poll('note-archived-cards')).toEqual({ events: 0, first: true });
    expect(await host.store.cursor('note-archived-cards')).toBe('1');
    expect(await host.deliveries()).toEqual([]);

    setup.board.archiveCard('roadmap', card(4, 'Stale spike', []));
    setup.board.archiveCard('roadmap', card(5, 'Duplicate of 4', []));
    expect(await host.poll('note-archived-cards')).toEqual({ events: 2, first: false });
    expect(await host.store.cursor('note-archived-cards')).toBe('3');
    // Starting polls at once too: nothing new since.
    await host.start();
    await host.idle();

    const deliveries = await host.deliveries();
    expect(deliveries.map((delivery) => [delivery.source, delivery.status, delivery.eventsCount])).toEqual([
      ['poll', 'succeeded', 1],
      ['poll', 'succeeded', 1],
    ]);
    const notes = setup.board.emulator.requests.filter((request) => request.path.endsWith('/comments'));
    expect(notes.map((request) => [request.path, request.body])).toEqual([
      ['/cards/4/comments', { text: 'Archived: Stale spike' }],
      ['/cards/5/comments', { text: 'Archived: Duplicate of 4' }],
    ]);
    await log.next('poll.finished', (event) => event.events === 0 && !event.first);
    expect(log.of('poll.finished').map(({ events, first }) => ({ events, first }))).toEqual([
      { events: 0, first: true },
      { events: 2, first: false },
      { events: 0, first: false },
    ]);
  });

  it('commits nothing when its poll fails, and polls from the same cursor next time', async () => {
    setup = await boardSetup();
    const { host, log } = await setup.host();
    await host.activate('note-archived-cards');
    await host.poll('note-archived-cards');
    setup.board.archiveCard('roadmap', card(4, 'Stale spike', []));
    setup.board.emulator.faults.inject({ path: '/boards/roadmap/archive', status: 404 });

    await expect(host.poll('note-archived-cards')).rejects.toMatchObject({ code: 'not_found' });
    expect(log.of('poll.failed')).toEqual([
      expect.objectContaining({ error: expect.objectContaining({ code: 'not_found' }) }),
    ]);
    expect(await host.store.cursor('note-archived-cards')).toBe('0');
    expect(await host.poll('note-archived-cards')).toEqual({ events: 1, first: false });
  });

  it("is polled at its interval on the engine's clock once the host starts", async () => {
    const clock = new FakeClock();
    setup = await boardSetup({ clock });
    const { host, log } = await setup.host();
    await host.activate('note-archived-cards');
    // Each sleep ends at once on the fake clock; the third ends the loop.
    clock.onSleep = () => {
      if (clock.sleeps.length === 2) setup.board.archiveCard('roadmap', card(4, 'Stale spike', []));
      if (clock.sleeps.length === 3) void host.stop();
    };
    await host.start();
    await log.next('poll.finished', (event) => event.events === 1);
    await host.idle();

    expect(clock.sleeps.slice(0, 2)).toEqual([300_000, 300_000]);
    expect(log.of('poll.finished').map(({ events, first }) => ({ events, first }))).toEqual([
      { events: 0, first: true },
      { events: 0, first: false },
      { events: 1, first: false },
    ]);
    expect(log.of('run.finished')).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });
});
