import { defineStep, Type } from '@toolsteps/engine';
import { TicketId } from '../ticket-shapes.js';
import { ticketPath, zendeskRequest } from '../zendesk-call.js';

export const deleteTicket = defineStep({
  id: 'zendesk.delete_ticket',
  title: 'Delete Ticket',
  description:
    'Deletes a ticket. Zendesk keeps deleted tickets for 30 days before removing them for good; a ticket that does not exist fails not_found.',
  effect: 'delete',
  input: Type.Object({ ticket_id: TicketId }, { additionalProperties: false }),
  output: Type.Object({ ticket_id: Type.Integer(), deleted: Type.Literal(true) }),
  run: async ({ ticket_id }, ctx) => {
    await zendeskRequest(ctx, { method: 'DELETE', path: ticketPath(ticket_id) });
    return { ticket_id, deleted: true as const };
  },
});
