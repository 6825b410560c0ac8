import { defineStep, type StepContext, StepError, Type } from '@toolsteps/sdk';
import {
  CustomFields,
  Priority,
  Status,
  Tag,
  Ticket,
  TicketAnswer,
  TicketId,
  TicketType,
  ticketOf,
} from '../ticket-shapes.js';
import { ticketPath, zendeskRequest } from '../zendesk-call.js';

const TagsAnswer = Type.Object({ tags: Type.Array(Type.String()) });

export const updateTicket = defineStep({
  id: 'zendesk.update_ticket',
  title: 'Update Ticket',
  description:
    'Changes a ticket: status, priority, type, assignee, custom fields, and adds a public comment or an internal note. Tags are set as a whole with `tags` (PUT on the ticket) or changed with `add_tags`/`remove_tags` (the ticket tags endpoints), which leave other tags alone. A change with a comment is not repeated after a failed attempt, so the comment is never posted twice.',
  effect: 'write',
  // Not idempotent as a step: a PUT that sets fields is, but one with a comment posts it again.
  input: Type.Object(
    {
      ticket_id: TicketId,
      status: Type.Optional(Status),
      priority: Type.Optional(Priority),
      type: Type.Optional(TicketType),
      assignee_id: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
          description: 'The agent to assign; null unassigns',
        }),
      ),
      assignee_email: Type.Optional(
        Type.String({ format: 'email', description: 'The agent to assign, by email' }),
      ),
      tags: Type.Optional(
        Type.Array(Tag, { uniqueItems: true, description: "The ticket's whole set of tags" }),
      ),
      add_tags: Type.Optional(
        Type.Array(Tag, { uniqueItems: true, minItems: 1, description: 'Tags to add' }),
      ),
      remove_tags: Type.Optional(
        Type.Array(Tag, { uniqueItems: true, minItems: 1, description: 'Tags to remove' }),
      ),
      custom_fields: Type.Optional(CustomFields),
      comment: Type.Optional(
        Type.Object(
          {
            body: Type.String({ minLength: 1, description: 'The text of the comment' }),
            public: Type.Boolean({
              description: 'true: a reply the requester sees; false: an internal note',
            }),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false, minProperties: 2 },
  ),
  output: Ticket,
  run: async (input, ctx) => {
    const { ticket_id, add_tags, remove_tags, ...changes } = input;
    checkInput(input);
    let ticket: Record<string, unknown> | undefined;
    if (Object.keys(changes).length > 0) {
      const answer = await zendeskRequest<{ ticket: Record<string, unknown> }>(ctx, {
        method: 'PUT',
        path: ticketPath(ticket_id),
        json: { ticket: changes },
        // The same PUT twice leaves the same ticket, unless it adds a comment.
        retrySafe: changes.comment === undefined,
        expect: TicketAnswer,
      });
      ticket = answer.ticket;
    }
    let tags: string[] | undefined;
    if (add_tags) tags = await addTags(ctx, ticket_id, add_tags);
    if (remove_tags) {
      await removeTags(ctx, ticket_id, remove_tags);
      // Zendesk answers a removal 204, without the tags left: the ticket is read again below.
      ticket = tags = undefined;
    }
    ticket ??= (
      await zendeskRequest<{ ticket: Record<string, unknown> }>(ctx, {
        method: 'GET',
        path: ticketPath(ticket_id),
        expect: TicketAnswer,
      })
    ).ticket;
    return ticketOf(tags ? { ...ticket, tags } : ticket);
  },
});

/** PUT `/api/v2/tickets/{id}/tags` adds tags and answers the ticket's tags. */
async function addTags(ctx: StepContext, ticketId: number, tags: string[]) {
  const answer = await zendeskRequest<{ tags: string[] }>(ctx, {
    method: 'PUT',
    path: ticketPath(ticketId, '/tags'),
    json: { tags },
    retrySafe: true,
    expect: TagsAnswer,
  });
  return answer.tags;
}

/** DELETE `/api/v2/tickets/{id}/tags` with the tags to remove in its body; Zendesk answers 204. */
async function removeTags(ctx: StepContext, ticketId: number, tags: string[]) {
  await zendeskRequest(ctx, {
    method: 'DELETE',
    path: ticketPath(ticketId, '/tags'),
    json: { tags },
    retrySafe: true,
  });
}

function checkInput(input: { [key: string]: unknown }): void {
  const refuse = (field: string, message: string) =>
    new StepError({ code: 'validation', field: `/args/${field}`, message });
  if (input.assignee_id !== undefined && input.assignee_email !== undefined)
    throw refuse('assignee_email', 'Give assignee_id or assignee_email, not both: they name the same agent');
  if (input.tags !== undefined && (input.add_tags !== undefined || input.remove_tags !== undefined))
    throw refuse(
      'tags',
      'Give tags (the whole set) or add_tags/remove_tags (changes to it), not both: the result would depend on their order',
    );
  const added = new Set((input.add_tags as string[] | undefined) ?? []);
  const both = ((input.remove_tags as string[] | undefined) ?? []).filter((tag) => added.has(tag));
  if (both.length > 0) throw refuse('remove_tags', `Tags both added and removed: ${both.join(', ')}`);
}
