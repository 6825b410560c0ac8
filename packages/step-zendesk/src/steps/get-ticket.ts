import { defineStep, Type } from '@toolsteps/sdk';
import { allComments } from '../comment-pages.js';
import {
  Person,
  type PersonJson,
  personOf,
  Ticket,
  TicketAnswer,
  TicketId,
  ticketOf,
} from '../ticket-shapes.js';
import { ticketPath, zendeskRequest } from '../zendesk-call.js';

const Comment = Type.Object({
  id: Type.Integer(),
  author: Type.Union([Person, Type.Null()]),
  body: Type.String(),
  public: Type.Boolean({ description: 'false for an internal note' }),
  created_at: Type.String(),
  attachments: Type.Array(
    Type.Object({
      id: Type.Integer(),
      file_name: Type.String(),
      content_url: Type.String(),
      content_type: Type.String(),
      size: Type.Integer(),
    }),
  ),
});

export const getTicket = defineStep({
  id: 'zendesk.get_ticket',
  title: 'Get Ticket Info',
  description:
    'Reads a ticket by id: status, priority, assignee and requester (with names and emails), tags, custom fields, and all its comments (public ones and internal notes), oldest first, across as many pages as there are.',
  effect: 'read',
  input: Type.Object({ ticket_id: TicketId }, { additionalProperties: false }),
  output: Type.Composite([
    Ticket,
    Type.Object({
      requester: Type.Union([Person, Type.Null()]),
      assignee: Type.Union([Person, Type.Null()]),
      comments: Type.Array(Comment),
    }),
  ]),
  run: async ({ ticket_id }, ctx) => {
    const answer = await zendeskRequest<{
      ticket: Record<string, unknown>;
      users?: Record<string, unknown>[];
    }>(ctx, {
      method: 'GET',
      path: ticketPath(ticket_id),
      query: { include: 'users' },
      expect: TicketAnswer,
    });
    const { comments, users } = await allComments(ctx, ticket_id);
    const people = new Map<number, PersonJson>();
    for (const user of [...(answer.users ?? []), ...users]) people.set(user.id as number, personOf(user));
    const ticket = ticketOf(answer.ticket);
    const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
    return {
      ...ticket,
      requester: person(ticket.requester_id),
      assignee: person(ticket.assignee_id),
      comments: comments.map((comment) => ({
        id: comment.id as number,
        author: person(comment.author_id as number),
        body: String(comment.body ?? ''),
        public: comment.public !== false,
        created_at: String(comment.created_at),
        attachments: ((comment.attachments as Record<string, unknown>[]) ?? []).map((attachment) => ({
          id: attachment.id as number,
          file_name: String(attachment.file_name),
          content_url: String(attachment.content_url),
          content_type: String(attachment.content_type),
          size: Number(attachment.size),
        })),
      })),
    };
  },
});
