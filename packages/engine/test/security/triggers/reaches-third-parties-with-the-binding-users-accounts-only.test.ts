import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { BindingInvalidError, MemoryJournal } from '../../../src/index.js';
import { bindingSource } from '../../triggers/host/handler-helpers.js';
import { ARCHIVED_CARDS, type BoardSetup, boardSetup, card } from '../../triggers/host/host-helpers.js';

const BOBS_TOKEN = 'bobs-own-board-token';

describe('a binding for an end user', () => {
  let setup: BoardSetup;
  let journal: MemoryJournal;
  let archivedCardsOf: (user: string) => object;
  beforeEach(async () => {
    journal = new MemoryJournal();
    // The demo account of no user, and alice's and bob's of the same id and name: bob's has his own token.
    setup = await boardSetup({
      journal,
      accounts: ({ accounts: [demo] }) => [
        { ...demo, user: 'alice' },
        { ...demo, user: 'bob', credentials: { token: BOBS_TOKEN } },
      ],
    });
    const file = JSON.parse(await readFile(ARCHIVED_CARDS, 'utf8'));
    archivedCardsOf = (user) => ({ ...file, id: `${user}-archived-cards`, user });
  });
  afterEach(() => setup.close());

  const tokensSent = () =>
    setup.board.emulator.requests.map((request) => request.headers.authorization?.replace(/^Bearer /, ''));

  it("polls with its user's account, never with one of no user or of another user with the same id", async () => {
    const { host } = await setup.host({ bindings: [bindingSource(archivedCardsOf('bob'))] });
    await host.activate('bob-archived-cards');

    await expect(host.poll('bob-archived-cards')).rejects.toMatchObject({ code: 'unauthorized' });

    expect(tokensSent()).toEqual([BOBS_TOKEN]);
  });

  it("runs the workflow of each event for its user, with that user's accounts", async () => {
    const { host } = await setup.host({ bindings: [bindingSource(archivedCardsOf('alice'))] });
    await host.activate('alice-archived-cards');
    await host.poll('alice-archived-cards');
    setup.board.archiveCard('roadmap', card(4, 'Stale spike', []));

    expect(await host.poll('alice-archived-cards')).toEqual({ events: 1, first: false });
    await host.start();
    await host.idle();

    const [delivery] = await host.deliveries({ bindingId: 'alice-archived-cards' });
    expect(delivery).toMatchObject({ status: 'succeeded' });
    expect(journal.run(delivery.runs[0].runId)).toMatchObject({ status: 'succeeded', user: 'alice' });
  });

  it('is refused when its user connected no account of the trigger’s integration, before any request', async () => {
    const carols = setup.host({ bindings: [bindingSource(archivedCardsOf('carol'))] });

    await expect(carols).rejects.toBeInstanceOf(BindingInvalidError);
    await expect(carols).rejects.toMatchObject({
      message: expect.stringContaining(
        '/user user "carol" has no Board (fixture) account connected: the binding has no account to watch through',
      ),
    });
    expect(tokensSent()).toEqual([]);
  });
});
