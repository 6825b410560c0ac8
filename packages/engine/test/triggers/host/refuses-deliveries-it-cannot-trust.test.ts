import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { TriggerHost } from '../../../src/index.js';
import {
  type BoardSetup,
  boardSetup,
  boardSignature,
  card,
  cardsBody,
  type EventLog,
} from './host-helpers.js';

describe('a delivery the receiver cannot trust', () => {
  let setup: BoardSetup;
  let host: TriggerHost;
  let log: EventLog;
  let secret: string;
  const body = cardsBody(card(11, 'Login button does nothing'));

  beforeEach(async () => {
    setup = await boardSetup();
    ({ host, log } = await setup.host({ maxBodyBytes: 4096 }));
    await host.activate('triage-new-bugs');
    await host.start();
    [{ secret }] = setup.board.hooks('roadmap');
  });
  afterEach(() => setup.close());

  const send = (
    init: { path?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
  ) => {
    const payload = init.body ?? body;
    return fetch(`${setup.publicUrl}${init.path ?? '/hooks/triage-new-bugs'}`, {
      method: init.method ?? 'POST',
      headers: {
        'content-type': 'application/json',
        'x-board-event': 'card',
        'x-board-delivery': 'delivery-1',
        'x-board-signature': boardSignature(payload, secret),
        ...init.headers,
      },
      ...(init.method === 'GET' ? {} : { body: payload }),
    });
  };

  /** Nothing was kept and nothing ran: the store is empty and the board got no comment. */
  async function expectNothingKeptOrRun(): Promise<void> {
    await host.idle();
    expect(await host.deliveries()).toEqual([]);
    expect(log.of('run.started')).toEqual([]);
    expect(setup.board.emulator.requests.filter((request) => request.path.startsWith('/cards/'))).toEqual([]);
  }

  it('is refused 401 when its signature was made over other bytes', async () => {
    const tampered = body.replace('Login button', 'Drop the database');
    const response = await send({
      body: tampered,
      headers: { 'x-board-signature': boardSignature(body, secret) },
    });
    expect(response.status).toBe(401);
    expect(log.of('delivery.rejected')).toEqual([
      expect.objectContaining({ bindingId: 'triage-new-bugs', status: 401 }),
    ]);
    await expectNothingKeptOrRun();
  });

  it('is refused 401 when signed with another secret, or not signed at all', async () => {
    expect(
      (await send({ headers: { 'x-board-signature': boardSignature(body, 'not-the-secret') } })).status,
    ).toBe(401);
    const unsigned = await fetch(`${setup.publicUrl}/hooks/triage-new-bugs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-board-event': 'card', 'x-board-delivery': 'd-2' },
      body,
    });
    expect(unsigned.status).toBe(401);
    await expectNothingKeptOrRun();
  });

  it('is refused 404 for a binding that does not exist or is not active', async () => {
    expect((await send({ path: '/hooks/no-such-binding' })).status).toBe(404);
    // Loaded, but never activated: it has no secret to verify with.
    expect((await send({ path: '/hooks/note-archived-cards' })).status).toBe(404);
    expect((await send({ path: '/elsewhere' })).status).toBe(404);
    await expectNothingKeptOrRun();
  });

  it('is refused 405 when not POSTed', async () => {
    const response = await send({ method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    await expectNothingKeptOrRun();
  });

  it('is refused 415 when it is not JSON', async () => {
    const form = `payload=${encodeURIComponent(body)}`;
    const response = await send({
      body: form,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-board-signature': boardSignature(form, secret),
      },
    });
    expect(response.status).toBe(415);
    await expectNothingKeptOrRun();
  });

  it('is refused 413 past the size limit, whether or not its length was declared', async () => {
    const large = cardsBody(card(11, 'x'.repeat(5000)));
    expect((await send({ body: large })).status).toBe(413);
    // Answered from its declared length, before a byte of the body is read.
    const huge = cardsBody(card(11, 'x'.repeat(4 * 1024 * 1024)));
    expect((await send({ body: huge })).status).toBe(413);
    // Streamed without a length: the receiver stops reading at the limit.
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${setup.publicUrl}/hooks/triage-new-bugs`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
          'x-board-event': 'card',
          'x-board-delivery': 'delivery-3',
          'x-board-signature': boardSignature(large, secret),
        },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end(large);
    });
    expect(status).toBe(413);
    await expectNothingKeptOrRun();
  });

  it('checks the signature before parsing: an unsigned body is 401 whatever it holds, a signed non-JSON one 400', async () => {
    const notJson = '{"cards": [' + '{},'.repeat(1000);
    expect((await send({ body: notJson, headers: { 'x-board-signature': 'sha256=00' } })).status).toBe(401);
    expect(
      (await send({ body: notJson, headers: { 'x-board-signature': boardSignature(notJson, secret) } }))
        .status,
    ).toBe(400);
    await expectNothingKeptOrRun();
  });

  it('answers a request target no URL parser takes with 404, and goes on serving', async () => {
    const { port } = new URL(setup.publicUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.end('POST //[ HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      });
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect((await send()).status).toBe(202);
  });
});
