/** The emulator's records, named and shaped as Zendesk's Support API names them. */

export type UserRole = 'admin' | 'agent' | 'end-user';
export type TicketStatus = 'new' | 'open' | 'pending' | 'hold' | 'solved' | 'closed';
export type TicketPriority = 'urgent' | 'high' | 'normal' | 'low';
export type TicketType = 'problem' | 'incident' | 'question' | 'task';

export const TICKET_STATUSES: readonly TicketStatus[] = [
  'new',
  'open',
  'pending',
  'hold',
  'solved',
  'closed',
];
export const TICKET_PRIORITIES: readonly TicketPriority[] = ['urgent', 'high', 'normal', 'low'];
export const TICKET_TYPES: readonly TicketType[] = ['problem', 'incident', 'question', 'task'];

export interface ZendeskUser {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  organization_id: number | null;
  time_zone: string;
  locale: string;
  created_at: string;
  updated_at: string;
}

export interface ZendeskOrganization {
  id: number;
  name: string;
  domain_names: string[];
  created_at: string;
  updated_at: string;
}

export interface Attachment {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
  /** The secret part of its content URL. */
  token: string;
  content: Uint8Array;
}

export interface TicketComment {
  id: number;
  author_id: number;
  body: string;
  public: boolean;
  attachment_ids: number[];
  created_at: string;
}

export interface CustomFieldValue {
  id: number;
  value: string | number | boolean | null;
}

export interface Ticket {
  id: number;
  subject: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority | null;
  type: TicketType | null;
  requester_id: number;
  submitter_id: number;
  assignee_id: number | null;
  organization_id: number | null;
  tags: string[];
  custom_fields: CustomFieldValue[];
  comments: TicketComment[];
  /** Links the ticket to a record elsewhere; not unique. Unset (null) unless a request set it. */
  external_id?: string | null;
  created_at: string;
  updated_at: string;
}

/** A soft-deleted ticket: kept (in Zendesk, for 30 days) until restored or deleted permanently. */
export interface DeletedTicket {
  ticket: Ticket;
  deleted_at: string;
  /** Who deleted it. */
  actor_id: number;
  /** Its status when deleted. */
  previous_state: TicketStatus;
}

export interface TicketField {
  id: number;
  type: 'text' | 'tagger' | 'checkbox' | 'integer' | 'date';
  title: string;
  description: string;
  required: boolean;
  /** For a `tagger` (drop-down) field: its options. */
  options?: { name: string; value: string }[];
}

/** A group of triggers, ordered by position; its id is a string, as Zendesk gives it. */
export interface TriggerCategory {
  id: string;
  name: string;
  position: number;
  created_at: string;
  updated_at: string;
}

/** An upload waiting to be attached to a comment by its token. */
export interface PendingUpload {
  token: string;
  attachment_ids: number[];
}

/** An access or a refresh token of one OAuth grant. */
export interface OAuthToken {
  /** The grant's record id (`/api/v2/oauth/tokens/{id}`), shared by its access and refresh token. */
  id: number;
  userId: number;
  /** The record id of the OAuth client the grant was made to. */
  clientId: number;
  /** What the user granted, e.g. `['read', 'write']` or `['tickets:read']`. */
  scopes: string[];
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms; undefined for a token that does not expire. */
  expiresAt?: number;
  revoked: boolean;
  /** The other token of the grant (an access token's refresh token, or the reverse): revoked with it. */
  pair?: string;
}
