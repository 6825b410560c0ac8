import { describe, expect, it } from '@jest/globals';
import { deleteTicket } from '../../src/index.js';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { zendeskHttp } from '../fidelity/zendesk-http.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

const ID = DEMO_TICKETS.missingBurrs;

describe('zendesk.delete_ticket deletes a ticket for good, not only into the deleted tickets', () => {
  const zd = useZendeskEmulator();

  it('soft-deletes the ticket, then deletes it permanently from the deleted tickets', async () => {
    const outcome = await zd.run(deleteTicket, { ticket_id: ID });

    expect(outcome.result).toEqual({ ticket_id: ID, deleted: true, permanently: true });
    expect(
      outcome.exchanges.map((exchange) => `${exchange.method} ${exchange.path} ${exchange.status}`),
    ).toEqual([`DELETE /api/v2/tickets/${ID}.json 204`, `DELETE /api/v2/deleted_tickets/${ID}.json 200`]);
    expect((await zendeskHttp(zd.emulator, 'GET', `/api/v2/tickets/${ID}.json`)).status).toBe(404);
    const deleted = await zendeskHttp(zd.emulator, 'GET', '/api/v2/deleted_tickets.json');
    expect((deleted.responseBody as any).deleted_tickets).toEqual([]);
  });

  it('finishes a delete whose soft deletion an earlier attempt already made', async () => {
    await zendeskHttp(zd.emulator, 'DELETE', `/api/v2/tickets/${ID}.json`);

    const outcome = await zd.run(deleteTicket, { ticket_id: ID });

    expect(outcome.result).toEqual({ ticket_id: ID, deleted: true, permanently: true });
    expect(zd.emulator.state.deletedTickets.has(ID)).toBe(false);
  });

  it('fails not_found, naming the ticket id, for a ticket that does not exist', async () => {
    await zd.run(deleteTicket, { ticket_id: ID });

    const again = await zd.run(deleteTicket, { ticket_id: ID });

    expect(again.error).toMatchObject({
      code: 'not_found',
      status: 404,
      field: expect.stringMatching(/\/args\/ticket_id$/),
      message: expect.stringContaining(`no ticket ${ID}`),
    });
  });
});
