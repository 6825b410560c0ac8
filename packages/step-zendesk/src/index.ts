import { defineIntegration } from '@toolsteps/sdk';
import { ZendeskConnection, zendeskOrigin } from './connection.js';
import { apiCall } from './steps/api-call.js';
import { createTicket } from './steps/create-ticket.js';
import { deleteTicket } from './steps/delete-ticket.js';
import { getTicket } from './steps/get-ticket.js';
import { listTickets } from './steps/list-tickets.js';
import { searchTickets } from './steps/search-tickets.js';
import { updateTicket } from './steps/update-ticket.js';
import { zendeskTriggers } from './triggers/index.js';
import { zendeskWebhooks } from './webhooks/zendesk-webhooks.js';
import { zendeskAuthOf, zendeskOAuth } from './zendesk-auth.js';
import { zendeskConnect } from './zendesk-connect.js';

/** Zendesk's Support API, connected by OAuth at the account's subdomain. */
const zendesk = defineIntegration({
  id: 'zendesk',
  title: 'Zendesk',
  description: 'Customer support: tickets, comments, users, organizations, search.',
  status: 'stable',
  connection: ZendeskConnection,
  // The service connects Zendesk by OAuth; an account holding `{email, apiToken}` signs with an API token.
  auth: zendeskOAuth,
  authOf: zendeskAuthOf,
  connect: zendeskConnect,
  http: (account) => ({
    baseUrl: zendeskOrigin(account),
    headers: { accept: 'application/json' },
    // Zendesk's request limits depend on the account's plan and are not known in advance:
    // a few requests at a time, and 429 + Retry-After is honoured by the engine.
    rateLimit: { concurrency: 4 },
  }),
  emulate: async (options) => {
    const { startZendeskEmulator } = await import('./testing/index.js');
    return startZendeskEmulator(options);
  },
  // In the order the service lists Zendesk's steps: create, get, list, search, update, delete, API call.
  steps: [createTicket, getTicket, listTickets, searchTickets, updateTicket, deleteTicket, apiCall],
  // Enterprise plans only (`requires`): the steps above work on every plan.
  triggers: zendeskTriggers,
  webhooks: zendeskWebhooks,
});

export default zendesk;
export {
  ENTERPRISE_PLAN,
  newComment,
  newTicket,
  TicketEvent,
  type TicketEventJson,
  ticketAssigned,
  ticketPriorityChanged,
  ticketStatusChanged,
} from './triggers/index.js';
export { TICKET_EVENTS, zendeskWebhooks } from './webhooks/index.js';
export { AUTH_REMEDIES } from './zendesk-call.js';
export { apiCall, createTicket, deleteTicket, getTicket, listTickets, searchTickets, updateTicket };
