export { AUTHORIZATION_CODE_LIFETIME_S } from './authorization-codes.js';
export type { TicketTemplate } from './ticket-batch.js';
export type { WebhookControls } from './webhook-controls.js';
export type { LoggedDelivery } from './webhook-deliveries.js';
export * from './zendesk-emulator.js';
export type {
  Attachment,
  OAuthToken,
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
  DEMO_CLIENT_RECORD_ID,
  DEMO_FIELDS,
  DEMO_ORGANIZATIONS,
  DEMO_SUBDOMAIN,
  DEMO_TICKETS,
  DEMO_TOKENS,
  DEMO_TRIGGER_CATEGORY,
  DEMO_USERS,
  seedZendeskState,
} from './zendesk-seed.js';
export { type GrantedTokens, ZendeskState } from './zendesk-state.js';
