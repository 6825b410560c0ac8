import { describe, expect, it } from '@jest/globals';
import { zendeskHttp } from '../fidelity/zendesk-http.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;
const KEY = '5f0c8d2a9b3e4f61a7d8c9e0b1a2f3c4';

describe('the emulator keeps ticket creates by Idempotency-Key, as Zendesk does for two hours', () => {
  const zd = useZendeskEmulator();
  const create = async (body: Json, key = KEY) => {
    const headers = {
      authorization: `Bearer ${zd.emulator.account.credentials.accessToken}`,
      'content-type': 'application/json',
      'idempotency-key': key,
    };
    const response = await fetch(`${zd.emulator.baseUrl}/api/v2/tickets.json`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
  };
  const ticket = { ticket: { subject: 'Scale drifts', comment: { body: 'The scale reads 3 g heavy.' } } };

  it('answers a repeat with the same body with the original ticket, and creates nothing', async () => {
    const first = await create(ticket);
    expect(first.status).toBe(201);
    expect(first.headers.get('x-idempotency-lookup')).toBe('miss');
    const count = zd.emulator.state.tickets.size;

    const again = await create(ticket);
    expect(again.status).toBe(201);
    expect(again.headers.get('x-idempotency-lookup')).toBe('hit');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.body).toEqual(first.body);
    expect(zd.emulator.state.tickets.size).toBe(count);
  });

  it('refuses the same key with another body', async () => {
    await create(ticket);
    const other = await create({ ticket: { ...ticket.ticket, subject: 'Scale drifts badly' } });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({
      error: 'IdempotentRequestError',
      description: "Request parameters don't match the given idempotency key",
    });
  });

  it('forgets the key after two hours and creates anew', async () => {
    const first = await create(ticket);
    await zd.clock.sleep(2 * 3_600_000);
    const later = await create(ticket);
    expect(later.status).toBe(201);
    expect(later.headers.get('x-idempotency-lookup')).toBe('miss');
    expect(later.body.ticket.id).not.toBe(first.body.ticket.id);
  });

  it('lists the tickets with a given external_id', async () => {
    const linked = await create({ ticket: { ...ticket.ticket, external_id: 'LC-21007' } }, 'other-key');
    const listed = await zendeskHttp(zd.emulator, 'GET', '/api/v2/tickets.json?external_id=LC-21007');
    const { tickets } = listed.responseBody as Json;
    expect(listed.status).toBe(200);
    expect(tickets.map((found: Json) => found.id)).toEqual([linked.body.ticket.id]);
    expect(tickets[0].external_id).toBe('LC-21007');
  });
});
