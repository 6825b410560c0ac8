import { type Static, Type } from '@toolsteps/sdk';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Person = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
});

/** One event of a Zendesk trigger: the ticket as the notifying trigger rendered it, and who changed it. */
export const TicketEvent = Type.Object({
  event: Type.String({
    description:
      'ticket.created, ticket.status_changed, ticket.priority_changed, ticket.comment_added or ticket.assigned',
  }),
  ticket: Type.Object({
    id: Type.Integer(),
    url: Type.String({ description: "The ticket's page for agents" }),
    subject: Type.String(),
    description: Type.String(),
    status: Type.String({ description: 'new, open, pending, hold, solved or closed' }),
    priority: Nullable(Type.String({ description: 'urgent, high, normal or low' })),
    type: Nullable(Type.String({ description: 'problem, incident, question or task' })),
    tags: Type.Array(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    requester: Nullable(Person),
    assignee: Nullable(Person),
    latest_comment: Nullable(
      Type.Object({
        body: Type.String(),
        public: Type.Boolean(),
        author: Nullable(Person),
        created_at: Type.String(),
      }),
    ),
  }),
  updated_by: Nullable(Person),
});

export type TicketEventJson = Static<typeof TicketEvent>;
export type PersonJson = Static<typeof Person>;
