import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type BoardSetup, boardSetup, boardSignature, card, cardsBody, NEW_BUGS } from './host-helpers.js';

describe('a verified delivery', () => {
  let setup: BoardSetup;
  beforeEach(async () => {
    setup = await boardSetup();
  });
  afterEach(() => setup.close());

  it('is committed before it is acknowledged, then runs the workflow with the mapped input', async () => {
    const { host, log } = await setup.host();
    await host.activate('triage-new-bugs');

    // Not started: whatever the answer proves was kept, nothing has run yet.
    const [answer] = await setup.board.createCards('roadmap', [
      card(11, 'Login button does nothing', ['bug', 'urgent']),
      card(12, 'Dark mode', ['idea']),
    ]);
    expect(answer).toMatchObject({ status: 202, body: { accepted: true, delivery: answer.id } });
    expect(await host.deliveries()).toEqual([
      expect.objectContaining({
        id: answer.id,
        bindingId: 'triage-new-bugs',
        status: 'received',
        attempts: 0,
      }),
    ]);
    expect(log.of('run.started')).toEqual([]);

    await host.start();
    const finished = await log.next('delivery.finished');
    expect(finished).toMatchObject({ deliveryId: answer.id, status: 'succeeded' });
    const [delivery] = await host.deliveries();
    expect(delivery).toMatchObject({ status: 'succeeded', eventsCount: 2, attempts: 1 });
    // The idea card was filtered out: one run, for the bug.
    expect(delivery.runs).toEqual([{ event: 0, runId: expect.any(String), status: 'succeeded' }]);
    const comments = setup.board.emulator.requests.filter((request) => request.path === '/cards/11/comments');
    expect(comments.map((request) => request.body)).toEqual([{ text: 'Triaged: Login button does nothing' }]);
  });

  it('keeps the headers a trigger matches on, without the signature', async () => {
    const { host } = await setup.host();
    await host.activate('triage-new-bugs');
    await setup.board.createCards('roadmap', [card(11, 'Crash')]);
    const [delivery] = await host.deliveries();
    expect(delivery.headers).toMatchObject({ 'x-board-event': 'card', 'content-type': 'application/json' });
    expect(Object.keys(delivery.headers)).not.toContain('x-board-signature');
  });

  it('is received the same way by the Web-standard handler', async () => {
    const { host, log } = await setup.host({ bindings: [NEW_BUGS] });
    await host.activate('triage-new-bugs');
    await host.start();
    const [{ secret }] = setup.board.hooks('roadmap');
    const body = cardsBody(card(21, 'Typo on the home page'));
    const response = await host.handle(
      new Request(`${setup.publicUrl}/hooks/triage-new-bugs`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-board-event': 'card',
          'x-board-delivery': 'web-1',
          'x-board-signature': boardSignature(body, secret),
        },
        body,
      }),
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: true, delivery: 'web-1' });
    expect(await log.next('run.finished')).toMatchObject({ deliveryId: 'web-1', status: 'succeeded' });
  });

  it('leaves other paths to the next middleware when mounted as one', async () => {
    const { host } = await setup.host();
    const server = createServer((request, response) =>
      host.nodeHandler(request, response, () => response.writeHead(200).end('the app')),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/toolsteps/health`);
    expect(await response.text()).toBe('the app');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});
