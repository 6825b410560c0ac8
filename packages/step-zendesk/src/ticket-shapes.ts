import { type Static, Type } from '@toolsteps/sdk';

export const TicketId = Type.Integer({ minimum: 1, description: 'The id of the ticket, e.g. 1042' });
export const UserId = Type.Integer({ minimum: 1 });
export const Status = Type.Union(
  ['new', 'open', 'pending', 'hold', 'solved', 'closed'].map((status) => Type.Literal(status)),
  { description: 'new, open, pending, hold, solved or closed' },
);
export const Priority = Type.Union(
  ['urgent', 'high', 'normal', 'low'].map((priority) => Type.Literal(priority)),
  { description: 'urgent, high, normal or low' },
);
export const TicketType = Type.Union(
  ['problem', 'incident', 'question', 'task'].map((type) => Type.Literal(type)),
  { description: 'problem, incident, question or task' },
);
export const Tag = Type.String({
  minLength: 1,
  maxLength: 80,
  pattern: '^\\S+$',
  description: 'A tag (no spaces)',
});
export const CustomFields = Type.Array(
  Type.Object(
    {
      id: Type.Integer({
        minimum: 1,
        description: 'The id of a custom ticket field (GET /api/v2/ticket_fields)',
      }),
      value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
    },
    { additionalProperties: false },
  ),
  { description: 'Custom ticket field values by field id, e.g. [{"id": 360001, "value": "LC-20931"}]' },
);

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** A ticket as the steps return it: Zendesk's own field names, the ones a workflow reads. */
export const Ticket = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  subject: Nullable(Type.String()),
  description: Nullable(Type.String()),
  status: Type.String(),
  priority: Nullable(Type.String()),
  type: Nullable(Type.String()),
  requester_id: Nullable(Type.Integer()),
  submitter_id: Nullable(Type.Integer()),
  assignee_id: Nullable(Type.Integer()),
  organization_id: Nullable(Type.Integer()),
  tags: Type.Array(Type.String()),
  custom_fields: Type.Array(Type.Object({ id: Type.Integer(), value: Type.Unknown() })),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type TicketJson = Static<typeof Ticket>;

/** What a step reads of Zendesk's `{ticket: {...}}` answers. */
export const TicketAnswer = Type.Object({
  ticket: Type.Object({ id: Type.Integer(), tags: Type.Array(Type.String()) }),
});

/** Picks the fields of {@link Ticket} from Zendesk's ticket, so the output stays the same whatever Zendesk adds. */
export function ticketOf(raw: Record<string, unknown>): TicketJson {
  const pick = (key: string) => (raw[key] === undefined ? null : raw[key]);
  return {
    id: raw.id as number,
    url: String(raw.url ?? ''),
    subject: pick('subject') as string | null,
    description: pick('description') as string | null,
    status: String(raw.status),
    priority: pick('priority') as string | null,
    type: pick('type') as string | null,
    requester_id: pick('requester_id') as number | null,
    submitter_id: pick('submitter_id') as number | null,
    assignee_id: pick('assignee_id') as number | null,
    organization_id: pick('organization_id') as number | null,
    tags: (raw.tags as string[]) ?? [],
    custom_fields: ((raw.custom_fields as { id: number; value: unknown }[]) ?? []).map(({ id, value }) => ({
      id,
      value,
    })),
    created_at: String(raw.created_at),
    updated_at: String(raw.updated_at),
  };
}

/** A person a ticket or comment names, from side-loaded users. */
export const Person = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  role: Type.String({ description: 'admin, agent or end-user' }),
});
export type PersonJson = Static<typeof Person>;

export function personOf(raw: Record<string, unknown>): PersonJson {
  return {
    id: raw.id as number,
    name: String(raw.name ?? ''),
    email: typeof raw.email === 'string' ? raw.email : null,
    role: String(raw.role ?? ''),
  };
}
