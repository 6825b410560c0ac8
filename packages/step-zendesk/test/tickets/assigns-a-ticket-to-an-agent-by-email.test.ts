import { describe, expect, it } from '@jest/globals';
import { updateTicket } from '../../src/index.js';
import { DEMO_TICKETS, DEMO_USERS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;

describe('zendesk.update_ticket assigns a ticket to an agent named by email', () => {
  const zd = useZendeskEmulator();

  it('sends the email as Zendesk takes it and answers with the agent’s id', async () => {
    const outcome = await zd.run<Json>(updateTicket, {
      ticket_id: DEMO_TICKETS.missingBurrs,
      assignee_email: 'aiko@lumencoffee.example',
    });

    expect(outcome.error).toBeUndefined();
    expect(outcome.result.assignee_id).toBe(DEMO_USERS.aiko);
    expect(zd.emulator.state.tickets.get(DEMO_TICKETS.missingBurrs)?.assignee_id).toBe(DEMO_USERS.aiko);
    const put = outcome.exchanges.find((exchange) => exchange.method === 'PUT');
    expect(put?.requestBody).toMatchObject({ ticket: { assignee_email: 'aiko@lumencoffee.example' } });
  });
});
