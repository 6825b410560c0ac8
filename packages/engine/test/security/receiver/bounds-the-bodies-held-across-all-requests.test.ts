import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { BodyBudget, type TriggerHost } from '../../../src/index.js';
import { type BoardSetup, boardSetup, card, type EventLog } from '../../triggers/host/host-helpers.js';
import { chunksOf, rawSend, until } from './support/raw-sender.js';

const KiB = 1024;

describe('the bodies a receiver holds at once, across all requests', () => {
  let setup: BoardSetup;
  let host: TriggerHost;
  let log: EventLog;
  let budget: BodyBudget;

  beforeEach(async () => {
    budget = new BodyBudget(768 * KiB);
    setup = await boardSetup();
    ({ host, log } = await setup.host({ bodyBudget: budget, maxBodyBytes: 512 * KiB }));
    await host.activate('triage-new-bugs');
    await host.start();
  });
  afterEach(() => setup.close());

  const url = () => `${setup.publicUrl}/hooks/triage-new-bugs`;
  /** Headers of the signed form, a forged signature: read whole, then refused by `verify`. */
  const forged = (extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    'x-board-event': 'card',
    'x-board-delivery': 'forged',
    'x-board-signature': `sha256=${'0'.repeat(64)}`,
    ...extra,
  });

  it('stay within the budget however many senders stream at once; past it they are answered 503 with Retry-After', async () => {
    // 40 senders of 448 KiB each, 64 KiB at a time, each waiting a turn of the event loop between
    // chunks: 17.5 MiB in flight against a budget of 768 KiB.
    const senders = Array.from({ length: 40 }, (_, index) =>
      rawSend(url(), {
        headers: forged(index % 2 === 0 ? { 'content-length': String(448 * KiB) } : {}),
        chunks: chunksOf(7, 64 * KiB),
        beforeChunk: () => new Promise((resolve) => setImmediate(resolve)),
      }),
    );
    const answers = await Promise.all(senders.map((sender) => sender.answer));

    expect(budget.peakBytes).toBeLessThanOrEqual(budget.maxBytes);
    expect(budget.heldBytes).toBe(0);
    // Read whole and refused by `verify` (401), or refused for want of room (503, Retry-After). One
    // refused mid-body may find its connection closed under the rest of its body before it reads the answer.
    const refusedForRoom = answers.filter((answer) => answer.status === 503);
    expect(refusedForRoom.length).toBeGreaterThan(0);
    for (const answer of refusedForRoom) expect(answer.headers['retry-after']).toMatch(/^\d+$/);
    expect(answers.filter((answer) => ![401, 503, 'closed'].includes(answer.status))).toEqual([]);
    // Every one of them was answered by the receiver, none lost in between.
    await host.stop();
    const told = log.of('delivery.rejected').length;
    const counted = log.of('deliveries.rejected').reduce((sum, event) => sum + event.count, 0);
    expect(told + counted).toBe(40);
  });

  it('refuses unread a body declared larger than the room left, and gives back what a sender that left held', async () => {
    // One sender sends 384 KiB of the 448 it declared, and waits.
    const holding = rawSend(url(), {
      headers: forged({ 'content-length': String(448 * KiB) }),
      chunks: chunksOf(7, 64 * KiB),
      beforeChunk: (index) => (index === 6 ? new Promise(() => undefined) : Promise.resolve()),
    });
    await until(() => budget.heldBytes === 384 * KiB);

    // 448 KiB declared does not fit in the 384 left: 503 at once, nothing read.
    const declared = rawSend(url(), {
      headers: forged({ 'content-length': String(448 * KiB) }),
      chunks: chunksOf(7, 64 * KiB),
    });
    expect((await declared.answer).status).toBe(503);
    expect(budget.heldBytes).toBe(384 * KiB);

    // The holder goes away mid-body: its bytes come back, and deliveries flow again.
    holding.request.destroy();
    expect((await holding.answer).status).toBe('closed');
    await until(() => budget.heldBytes === 0);
    const [sent] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    expect(sent.status).toBe(202);
    await host.idle();
    expect(budget.heldBytes).toBe(0);
    expect(await host.deliveries()).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });
});
