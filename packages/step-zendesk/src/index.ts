import { defineIntegration } from '@toolsteps/engine';
import { ZendeskConnection, zendeskOrigin } from './connection.js';
import { createTicket } from './steps/create-ticket.js';
import { deleteTicket } from './steps/delete-ticket.js';
import { getTicket } from './steps/get-ticket.js';
import { updateTicket } from './steps/update-ticket.js';
import { zendeskAuthOf, zendeskOAuth } from './zendesk-auth.js';

/** Zendesk's Support API: spec sections 2.6, 4.7 (customer-support platform), 5.2, 7 and 8. */
const zendesk = defineIntegration({
  id: 'zendesk',
  title: 'Zendesk',
  description: 'Customer support: tickets, comments, users, organizations, search.',
  status: 'stable',
  connection: ZendeskConnection,
  // OAuth as the spec connects it; an account holding `{email, apiToken}` signs with an API token instead.
  auth: zendeskOAuth,
  authOf: zendeskAuthOf,
  http: (account) => ({
    baseUrl: zendeskOrigin(account),
    headers: { accept: 'application/json' },
    // Zendesk's request limits depend on the account's plan and are not known in advance (spec 8):
    // a few requests at a time, and 429 + Retry-After is honoured by the engine.
    rateLimit: { concurrency: 4 },
  }),
  emulate: async () => {
    const { startZendeskEmulator } = await import('./testing/index.js');
    return startZendeskEmulator();
  },
  // In the order of the spec's table (4.7).
  steps: [createTicket, getTicket, updateTicket, deleteTicket],
});

export default zendesk;
export { AUTH_REMEDIES } from './zendesk-call.js';
export { createTicket, deleteTicket, getTicket, updateTicket };
