export type { TicketTemplate } from './ticket-batch.js';
export type { WebhookControls } from './webhook-controls.js';
export type { LoggedDelivery } from './webhook-deliveries.js';
export * from './zendesk-emulator.js';
export type {
  Attachment,
  Ticket,
  TicketComment,
  TicketField,
  TicketPriority,
  TicketStatus,
  ZendeskOrganization,
  ZendeskUser,
} from './zendesk-model.js';
export {
  DEMO_ACCOUNT_ID,
  DEMO_CLIENT,
  DEMO_FIELDS,
  DEMO_ORGANIZATIONS,
  DEMO_SUBDOMAIN,
  DEMO_TICKETS,
  DEMO_TOKENS,
  DEMO_TRIGGER_CATEGORY,
  DEMO_USERS,
  seedZendeskState,
} from './zendesk-seed.js';
export { ZendeskState } from './zendesk-state.js';
