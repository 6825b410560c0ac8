import { defineStep, StepError, Type } from '@toolsteps/sdk';
import { findCreatedTicket } from '../find-created-ticket.js';
import { CustomFields, Priority, Tag, Ticket, TicketAnswer, TicketType, ticketOf } from '../ticket-shapes.js';
import { zendeskRequest } from '../zendesk-call.js';

export const createTicket = defineStep({
  id: 'zendesk.create_ticket',
  title: 'Create Ticket',
  description:
    'Opens a ticket with a subject and a description (its first comment), optionally a priority, type, assignee, requester, tags, custom field values and uploaded attachments. The ticket is not created twice: it is sent with an Idempotency-Key, which Zendesk honours for two hours, so a request that failed is sent again safely; and its external_id is set to that key, by which a call whose answer was lost finds the ticket instead of creating it again.',
  effect: 'write',
  input: Type.Object(
    {
      subject: Type.String({ minLength: 1, maxLength: 255, description: 'The subject of the ticket' }),
      description: Type.String({ minLength: 1, description: 'The first comment: what the request is about' }),
      public: Type.Optional(
        Type.Boolean({ description: 'Whether the description is visible to the requester; default true' }),
      ),
      priority: Type.Optional(Priority),
      type: Type.Optional(TicketType),
      assignee_id: Type.Optional(Type.Integer({ minimum: 1, description: 'The agent to assign, by id' })),
      assignee_email: Type.Optional(
        Type.String({ format: 'email', description: 'The agent to assign, by email' }),
      ),
      requester_id: Type.Optional(Type.Integer({ minimum: 1, description: 'The requester, by user id' })),
      requester: Type.Optional(
        Type.Object(
          { name: Type.Optional(Type.String({ minLength: 1 })), email: Type.String({ format: 'email' }) },
          {
            additionalProperties: false,
            description: 'The requester by email; Zendesk creates an end user for an unknown one',
          },
        ),
      ),
      tags: Type.Optional(Type.Array(Tag, { uniqueItems: true })),
      custom_fields: Type.Optional(CustomFields),
      uploads: Type.Optional(
        Type.Array(Type.String({ minLength: 1 }), {
          description:
            'Tokens of files uploaded with POST /api/v2/uploads (with API Call), attached to the description',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Ticket,
  run: async (input, ctx) => {
    const { subject, description, public: isPublic, uploads, ...fields } = input;
    if (fields.assignee_id !== undefined && fields.assignee_email !== undefined)
      throw oneOf('assignee_id', 'assignee_email');
    if (fields.requester_id !== undefined && fields.requester !== undefined)
      throw oneOf('requester_id', 'requester');
    const answer = await zendeskRequest<{ ticket: Record<string, unknown> }>(ctx, {
      method: 'POST',
      path: 'api/v2/tickets.json',
      headers: { 'idempotency-key': ctx.idempotencyKey },
      json: {
        ticket: {
          subject,
          comment: { body: description, public: isPublic, uploads },
          ...fields,
          external_id: ctx.idempotencyKey,
        },
      },
      // Zendesk answers a repeat within two hours with the ticket the first request created.
      retrySafe: true,
      expect: TicketAnswer,
    });
    return ticketOf(answer.ticket);
  },
  // Not idempotent: Zendesk forgets an idempotency key after two hours, and a resumed run may come
  // later. The probe finds the ticket by its external_id instead, however late.
  probe: findCreatedTicket,
});

function oneOf(first: string, second: string): StepError {
  return new StepError({
    code: 'validation',
    field: `/args/${second}`,
    message: `Give ${first} or ${second}, not both: they name the same person`,
  });
}
