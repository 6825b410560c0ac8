import { describe, expect, it } from '@jest/globals';
import { createTicket } from '../../src/steps/create-ticket.js';
import { DEMO_FIELDS, DEMO_USERS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;

describe('zendesk.create_ticket', () => {
  const zd = useZendeskEmulator();

  it('opens a ticket whose first comment is the description, assigned by email, with tags and custom fields', async () => {
    const outcome = await zd.run<Json>(createTicket, {
      subject: 'Beans arrived stale',
      description: 'The Ethiopia roast of order LC-21007 smells flat.',
      priority: 'urgent',
      type: 'problem',
      assignee_email: 'aiko@lumencoffee.example',
      requester: { name: 'Nina Park', email: 'nina@parkbakery.example' },
      tags: ['beans', 'quality'],
      custom_fields: [{ id: DEMO_FIELDS.orderNumber, value: 'LC-21007' }],
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({
      subject: 'Beans arrived stale',
      description: 'The Ethiopia roast of order LC-21007 smells flat.',
      status: 'open',
      priority: 'urgent',
      type: 'problem',
      assignee_id: DEMO_USERS.aiko,
      tags: ['beans', 'quality'],
    });
    expect(outcome.result.custom_fields).toContainEqual({ id: DEMO_FIELDS.orderNumber, value: 'LC-21007' });
    expect(outcome.exchanges[0]).toMatchObject({ method: 'POST', path: '/api/v2/tickets.json', status: 201 });
    expect(outcome.exchanges[0].requestBody).toMatchObject({
      ticket: {
        subject: 'Beans arrived stale',
        comment: { body: 'The Ethiopia roast of order LC-21007 smells flat.' },
      },
    });
    const stored = zd.emulator.state.tickets.get(outcome.result.id)!;
    expect(zd.emulator.state.users.get(stored.requester_id)).toMatchObject({
      email: 'nina@parkbakery.example',
      role: 'end-user',
    });
    expect(stored.comments).toHaveLength(1);
  });

  it('attaches uploaded files to the description by their tokens', async () => {
    const upload = await fetch(`${zd.emulator.baseUrl}/api/v2/uploads.json?filename=receipt.txt`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${zd.emulator.account.credentials.accessToken}`,
        'content-type': 'text/plain',
      },
      body: 'Order LC-21007, 2 x 1 kg',
    });
    expect(upload.status).toBe(201);
    const { upload: made } = (await upload.json()) as Json;
    const outcome = await zd.run<Json>(createTicket, {
      subject: 'Receipt for the stale beans',
      description: 'See the receipt attached.',
      uploads: [made.token],
    });
    const comment = zd.emulator.state.tickets.get(outcome.result.id)!.comments[0];
    expect(comment.attachment_ids).toEqual([made.attachment.id]);
    const content = await fetch(made.attachment.content_url);
    expect(await content.text()).toBe('Order LC-21007, 2 x 1 kg');
  });

  it('refuses an unknown assignee with the fields Zendesk names in its RecordInvalid details', async () => {
    const outcome = await zd.run(createTicket, {
      subject: 'Who takes this?',
      description: 'Assigned to a customer by mistake.',
      assignee_id: DEMO_USERS.jordan,
    });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('Assignee: is not an agent');
  });
});
