import { type ProbeFinding, type StepContext, Type } from '@toolsteps/sdk';
import { type TicketJson, ticketOf } from './ticket-shapes.js';
import { zendeskRequest } from './zendesk-call.js';

const TicketsAnswer = Type.Object({
  tickets: Type.Array(Type.Object({ id: Type.Integer(), tags: Type.Array(Type.String()) })),
});

/**
 * Whether `create_ticket` already created its ticket: the one whose `external_id` is the call's
 * idempotency key, which the step sets. List Tickets filters by it at once (search would lag
 * behind its index), and for as long as the ticket lives, unlike Zendesk's two-hour idempotency keys.
 */
export async function findCreatedTicket(
  _input: unknown,
  ctx: StepContext,
): Promise<ProbeFinding<TicketJson>> {
  const { tickets } = await zendeskRequest<{ tickets: Record<string, unknown>[] }>(ctx, {
    method: 'GET',
    path: 'api/v2/tickets.json',
    query: { external_id: ctx.idempotencyKey },
    expect: TicketsAnswer,
  });
  const ticket = tickets[0];
  return ticket === undefined ? { happened: false } : { happened: true, result: ticketOf(ticket) };
}
