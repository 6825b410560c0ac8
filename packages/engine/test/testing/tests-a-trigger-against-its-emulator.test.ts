import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { capturedDelivery, REDACTED } from '@toolsteps/engine';
import { triggerTestContext } from '@toolsteps/engine/testing';
import { archivedCard } from '../triggers/fixtures/board/archived-card.js';
import { type BoardEmulator, startBoardEmulator } from '../triggers/fixtures/board/emulator.js';
import board from '../triggers/fixtures/board/index.js';
import { newCard } from '../triggers/fixtures/board/new-card.js';

const BOARD = join(import.meta.dirname, '../triggers/fixtures/board');
const config = { board: 'roadmap' };

describe('triggerTestContext', () => {
  let emulator: BoardEmulator;
  beforeAll(async () => {
    emulator = await startBoardEmulator();
  });
  beforeEach(() => emulator.emulator.reset());
  afterAll(() => emulator.close());

  it("reads a captured delivery with a webhook trigger's match: no context needed", async () => {
    const captured = JSON.parse(await readFile(join(BOARD, 'two-cards.delivery.json'), 'utf8'));
    if (newCard.delivery !== 'webhook') throw new Error('new_card is a webhook trigger');

    const events = newCard.webhook.match(capturedDelivery(captured)!, config);

    expect(events.map((event) => event.card.title)).toEqual(['Login button does nothing', 'Dark mode']);
  });

  it("runs a poll trigger against the emulator through the account's client", async () => {
    if (archivedCard.delivery !== 'poll') throw new Error('archived_card is a poll trigger');
    const ctx = await triggerTestContext({ trigger: archivedCard, emulator, effect: 'read' });

    const first = await archivedCard.poll.run(undefined, config, ctx);
    emulator.archiveCard('roadmap', CARD);
    const next = await archivedCard.poll.run(first.cursor, config, ctx);

    expect(next.events).toEqual([expect.objectContaining({ card: CARD })]);
    expect(ctx.exchanges.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'GET /boards/roadmap/archive 200',
      'GET /boards/roadmap/archive?since=0 200',
    ]);
    expect(ctx.exchanges[0].requestHeaders.authorization).toBe(REDACTED);
  });

  it("registers, inspects and removes an integration's hook, the secret sent yet redacted", async () => {
    const secret = 'hook-secret-7d41e9a0b2';
    const ctx = await triggerTestContext({ integration: board, emulator, secret });
    const request = { config, url: 'https://hooks.example.com/hooks/triage', secret, subscribes: ['card'] };

    const { registration } = await board.webhooks!.register(request, ctx);

    expect(emulator.hooks('roadmap')).toEqual([expect.objectContaining({ id: registration.hookId, secret })]);
    expect(ctx.exchanges[1].requestBody).toEqual({ url: request.url, secret: REDACTED, events: ['card'] });
    expect(await board.webhooks!.inspect(registration, request, ctx)).toBe('ok');
    await board.webhooks!.unregister(registration, ctx);
    expect(await board.webhooks!.inspect(registration, request, ctx)).toBe('missing');
  });
});

const CARD = {
  id: 3,
  title: 'Old idea',
  labels: [],
  column: 'done',
  description: null,
  author: { login: 'grace' },
};
