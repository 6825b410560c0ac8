import { describe, expect, it } from '@jest/globals';
import { updateTicket } from '../../src/steps/update-ticket.js';
import { DEMO_FIELDS, DEMO_TICKETS, DEMO_USERS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;
const ID = DEMO_TICKETS.missingBurrs;

describe('zendesk.update_ticket', () => {
  const zd = useZendeskEmulator();
  const ticket = () => zd.emulator.state.tickets.get(ID)!;

  it('changes status, priority, assignee and custom fields and adds an internal note in one PUT', async () => {
    const outcome = await zd.run<Json>(updateTicket, {
      ticket_id: ID,
      status: 'pending',
      priority: 'high',
      assignee_id: DEMO_USERS.marco,
      custom_fields: [{ id: DEMO_FIELDS.warrantyClaim, value: true }],
      comment: { body: 'Burr set SB-64 shipped by courier.', public: false },
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({
      status: 'pending',
      priority: 'high',
      assignee_id: DEMO_USERS.marco,
    });
    expect(outcome.exchanges.map((exchange) => `${exchange.method} ${exchange.path}`)).toEqual([
      `PUT /api/v2/tickets/${ID}.json`,
    ]);
    expect(ticket().comments.at(-1)).toMatchObject({
      body: 'Burr set SB-64 shipped by courier.',
      public: false,
      author_id: DEMO_USERS.marco,
    });
    expect(ticket().custom_fields).toContainEqual({ id: DEMO_FIELDS.warrantyClaim, value: true });
  });

  it('adds a public reply', async () => {
    await zd.run(updateTicket, { ticket_id: ID, comment: { body: 'On its way!', public: true } });
    expect(ticket().comments.at(-1)).toMatchObject({ body: 'On its way!', public: true });
  });

  it('sets the whole tag set with PUT {ticket: {tags}}', async () => {
    const outcome = await zd.run<Json>(updateTicket, { ticket_id: ID, tags: ['shipping', 'grinders'] });
    expect(outcome.exchanges[0].requestBody).toEqual({ ticket: { tags: ['shipping', 'grinders'] } });
    expect(outcome.result.tags).toEqual(['shipping', 'grinders']);
  });

  it('adds and removes tags through the tags endpoints, leaving the others', async () => {
    const outcome = await zd.run<Json>(updateTicket, {
      ticket_id: ID,
      add_tags: ['vip'],
      remove_tags: ['grinders'],
    });
    expect(outcome.exchanges.map((exchange) => `${exchange.method} ${exchange.path}`)).toEqual([
      `PUT /api/v2/tickets/${ID}/tags.json`,
      `DELETE /api/v2/tickets/${ID}/tags.json`,
      `GET /api/v2/tickets/${ID}.json`,
    ]);
    expect(outcome.result.tags).toEqual(['vip']);
    expect(ticket().tags).toEqual(['vip']);
  });
});
