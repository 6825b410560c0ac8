import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { BodyBudget, type TriggerHost } from '../../../src/index.js';
import { type BoardSetup, boardSetup, card, type EventLog } from '../../triggers/host/host-helpers.js';
import { chunksOf, rawSend } from './support/raw-sender.js';

const MiB = 1024 * 1024;

describe('a request whose signature header is missing or malformed', () => {
  let setup: BoardSetup;
  let host: TriggerHost;
  let log: EventLog;
  let budget: BodyBudget;

  beforeEach(async () => {
    // Room for a few bodies: had the receiver read the senders below, it would show here.
    budget = new BodyBudget(8 * MiB);
    setup = await boardSetup();
    ({ host, log } = await setup.host({ bodyBudget: budget, maxBodyBytes: 4 * MiB }));
    await host.activate('triage-new-bugs');
    await host.start();
  });
  afterEach(() => setup.close());

  const url = () => `${setup.publicUrl}/hooks/triage-new-bugs`;
  const unsigned = (signature: string | undefined) => ({
    'content-type': 'application/json',
    'x-board-event': 'card',
    'x-board-delivery': 'unsigned',
    ...(signature === undefined ? {} : { 'x-board-signature': signature }),
  });

  it('is refused 401 before a byte of its body is read, however many send at once', async () => {
    // Without a signature, with one of the wrong form, declared or streamed: 200 senders of 1 MiB each.
    const forms = [undefined, 'sha256=00', `sha1=${'0'.repeat(40)}`, `sha256=${'G'.repeat(64)}`];
    const senders = Array.from({ length: 200 }, (_, index) => {
      const headers: Record<string, string> = unsigned(forms[index % forms.length]);
      if (index % 2 === 0) headers['content-length'] = String(MiB);
      return rawSend(url(), { headers, chunks: chunksOf(16, 64 * 1024) });
    });
    const answers = await Promise.all(senders.map((sender) => sender.answer));

    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 401));
    expect(budget.peakBytes).toBe(0);
    expect(budget.heldBytes).toBe(0);
    await host.idle();
    expect(await host.deliveries()).toEqual([]);
    expect(log.of('run.started')).toEqual([]);
  });

  it('is refused 401 unread by the fetch-style handler too', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request('http://hooks.example.com/toolsteps/hooks/triage-new-bugs', {
      method: 'POST',
      headers: unsigned('sha256=00'),
      body,
      duplex: 'half',
    } as RequestInit);

    const answer = await host.handle(request);

    expect(answer.status).toBe(401);
    expect(pulled).toBe(0);
    expect(budget.peakBytes).toBe(0);
  });

  it('is told apart from a signed delivery, which is read and run as before', async () => {
    const [sent] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();

    expect(sent.status).toBe(202);
    expect(budget.peakBytes).toBeGreaterThan(0);
    expect(budget.heldBytes).toBe(0);
    expect(log.of('run.finished')).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });
});
