import { describe, expect, it } from '@jest/globals';
import { createTicket } from '../../src/steps/create-ticket.js';
import { updateTicket } from '../../src/steps/update-ticket.js';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

describe('bad input fails validation before anything is sent', () => {
  const zd = useZendeskEmulator();

  it.each([
    ['without a subject', { description: 'No subject here' }, 'subject'],
    ['without a description', { subject: 'No description' }, 'description'],
    ['with an unknown priority', { subject: 'S', description: 'D', priority: 'asap' }, 'priority'],
  ])('create_ticket %s', async (_how, input, field) => {
    const outcome = await zd.run(createTicket, input);
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(`${outcome.error?.field} ${outcome.error?.message}`).toContain(field);
    expect(zd.emulator.requests).toEqual([]);
  });

  it('create_ticket with both assignee_id and assignee_email', async () => {
    const outcome = await zd.run(createTicket, {
      subject: 'S',
      description: 'D',
      assignee_id: 1,
      assignee_email: 'marco@lumencoffee.example',
    });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/assignee_email' });
    expect(zd.emulator.requests).toEqual([]);
  });

  it('update_ticket setting tags and adding tags at once', async () => {
    const outcome = await zd.run(updateTicket, {
      ticket_id: DEMO_TICKETS.missingBurrs,
      tags: ['a'],
      add_tags: ['b'],
    });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/tags' });
    expect(zd.emulator.requests).toEqual([]);
  });
});
