import { describe, expect, it } from '@jest/globals';
import { sentWrite, testProbe } from '@toolsteps/engine/testing';
import { createTicket } from '../../src/steps/create-ticket.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;
/** The key of a call whose create never reached Zendesk. */
const UNSENT_KEY = 'f'.repeat(32);

describe('a resumed run asks Zendesk whether a ticket it sent before a crash was created', () => {
  const zd = useZendeskEmulator();
  const input = { subject: 'Grinder jams', description: 'The burr grinder jams on dark roasts.' };
  const probe = (idempotencyKey: string) =>
    testProbe<Json>(
      createTicket,
      input,
      { idempotencyKey, sent: [sentWrite(createTicket, 'POST', '/api/v2/tickets.json', zd.clock.now())] },
      { account: zd.emulator.account, clock: zd.clock },
    );

  it('sets the call key as external_id and finds the ticket by it, answering what the step answered', async () => {
    const created = await zd.run<Json>(createTicket, input);
    expect(created.error).toBeUndefined();
    const key = zd.emulator.state.tickets.get(created.result.id)?.external_id;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(created.exchanges[0].requestHeaders['idempotency-key']).toBe(key);

    // Days later: Zendesk forgot the idempotency key long ago, the ticket keeps its external_id.
    await zd.clock.sleep(3 * 24 * 3_600_000);
    const found = await probe(key!);
    expect(found.error).toBeUndefined();
    expect(found.result).toEqual({ happened: true, result: created.result });
    expect(found.exchanges).toHaveLength(1);
    expect(found.exchanges[0]).toMatchObject({
      method: 'GET',
      path: `/api/v2/tickets.json?external_id=${key}`,
    });
  });

  it('answers not happened when no ticket carries the key', async () => {
    await zd.run<Json>(createTicket, input);
    const missing = await probe(UNSENT_KEY);
    expect(missing.error).toBeUndefined();
    expect(missing.result).toEqual({ happened: false });
  });
});
