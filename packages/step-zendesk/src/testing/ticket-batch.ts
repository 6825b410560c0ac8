import type { Ticket } from './zendesk-model.js';
import type { ZendeskState } from './zendesk-state.js';

/** What a batch of tickets may set; the rest comes from the account's first end user. */
export type TicketTemplate = Partial<
  Pick<
    Ticket,
    | 'subject'
    | 'description'
    | 'status'
    | 'priority'
    | 'type'
    | 'requester_id'
    | 'assignee_id'
    | 'organization_id'
    | 'tags'
    | 'created_at'
    | 'updated_at'
  >
>;

/**
 * Adds `count` tickets at once (no comments), for tests of paging and of the search cap. Each is
 * created a minute after the one before, ending now (or at the template's `created_at`), so
 * orderings by date are stable; subjects are numbered (`Subject #1`, …).
 */
export function addTickets(state: ZendeskState, count: number, template: TicketTemplate = {}): number[] {
  const requester =
    template.requester_id ?? [...state.users.values()].find((user) => user.role === 'end-user')?.id ?? 0;
  const last = Date.parse(template.created_at ?? state.isoNow());
  const subject = template.subject ?? 'Batch ticket';
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = state.nextId('ticket', 1045);
    const created = new Date(last - (count - 1 - index) * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    state.tickets.set(id, {
      id,
      subject: `${subject} #${index + 1}`,
      description: template.description ?? `${subject} #${index + 1}`,
      status: template.status ?? 'open',
      priority: template.priority ?? null,
      type: template.type ?? null,
      requester_id: requester,
      submitter_id: requester,
      assignee_id: template.assignee_id ?? null,
      organization_id: template.organization_id ?? null,
      tags: [...(template.tags ?? [])],
      custom_fields: [],
      comments: [],
      created_at: created,
      updated_at: template.updated_at ?? created,
    });
    ids.push(id);
  }
  return ids;
}
