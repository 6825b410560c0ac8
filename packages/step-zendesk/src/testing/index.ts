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
  DEMO_CLIENT,
  DEMO_FIELDS,
  DEMO_ORGANIZATIONS,
  DEMO_SUBDOMAIN,
  DEMO_TICKETS,
  DEMO_TOKENS,
  DEMO_USERS,
  seedZendeskState,
} from './zendesk-seed.js';
export { ZendeskState } from './zendesk-state.js';
