import { defineStep, StepError, Type } from '@toolsteps/sdk';
import { TicketId } from '../ticket-shapes.js';
import { ticketPath, zendeskResponse } from '../zendesk-call.js';

/**
 * Zendesk's Delete Ticket only soft-deletes (the ticket waits 30 days among the deleted tickets);
 * this step's delete is permanent, so it then deletes the ticket for good from there. Both calls are
 * safe to repeat: a ticket already soft-deleted (an earlier attempt) is found among the deleted.
 */
export const deleteTicket = defineStep({
  id: 'zendesk.delete_ticket',
  title: 'Delete Ticket',
  description:
    'Deletes a ticket permanently: Zendesk first moves it to its deleted tickets, then it is deleted from there for good (Zendesk finishes that in a background job); it cannot be restored. A ticket that does not exist fails not_found.',
  effect: 'delete',
  // Repeating deletes nothing more: each call takes Zendesk's 404 for work an earlier attempt did.
  // Only a repeat after both calls went through meets two 404s, and fails not_found saying so.
  idempotent: true,
  input: Type.Object({ ticket_id: TicketId }, { additionalProperties: false }),
  output: Type.Object({
    ticket_id: Type.Integer(),
    deleted: Type.Literal(true),
    permanently: Type.Literal(true),
  }),
  run: async ({ ticket_id }, ctx) => {
    const soft = await zendeskResponse(ctx, {
      method: 'DELETE',
      path: ticketPath(ticket_id),
      retrySafe: true,
      acceptStatus: [404],
    });
    const permanent = await zendeskResponse(ctx, {
      method: 'DELETE',
      path: `api/v2/deleted_tickets/${ticket_id}.json`,
      retrySafe: true,
      acceptStatus: [404],
    });
    if (soft.status === 404 && permanent.status === 404) {
      throw new StepError({
        code: 'not_found',
        status: 404,
        field: '/args/ticket_id',
        message: `Zendesk has no ticket ${ticket_id}, neither among its tickets nor its deleted tickets: check the ticket id, unless an earlier attempt of this step (before a crash) deleted it for good`,
      });
    }
    return { ticket_id, deleted: true as const, permanently: true as const };
  },
});
