import { randomBytes } from 'node:crypto';
import { AutomationStore } from './automation-store.js';
import { IdempotencyKeys } from './idempotency-keys.js';
import type {
  Attachment,
  DeletedTicket,
  OAuthToken,
  PendingUpload,
  Ticket,
  TicketField,
  TriggerCategory,
  ZendeskOrganization,
  ZendeskUser,
} from './zendesk-model.js';

/** Lifetime of an access token the token endpoint grants, as Zendesk's expiring tokens default to (2 days at most; we keep it short). */
export const ACCESS_TOKEN_LIFETIME_S = 3_600;

/** The emulator's in-memory account: one Zendesk subdomain, its people, tickets and credentials. */
export class ZendeskState {
  readonly users = new Map<number, ZendeskUser>();
  readonly organizations = new Map<number, ZendeskOrganization>();
  readonly tickets = new Map<number, Ticket>();
  /** Soft-deleted tickets: out of show, list and search, until restored or deleted for good. */
  readonly deletedTickets = new Map<number, DeletedTicket>();
  readonly ticketFields = new Map<number, TicketField>();
  readonly attachments = new Map<number, Attachment>();
  readonly uploads = new Map<string, PendingUpload>();
  readonly triggerCategories = new Map<string, TriggerCategory>();
  readonly accessTokens = new Map<string, OAuthToken>();
  readonly refreshTokens = new Map<string, OAuthToken>();
  /** API tokens of the account: any agent's or admin's email signs with them (`email/token:TOKEN`). */
  readonly apiTokens = new Set<string>();
  /** Webhooks, triggers and the deliveries they make. */
  readonly automation = new AutomationStore(() => this.now());
  /** Ticket creates sent with an `Idempotency-Key`, kept for Zendesk's two hours. */
  readonly idempotencyKeys = new IdempotencyKeys(() => this.now());
  #nextId = new Map<string, number>();

  constructor(
    readonly subdomain: string,
    readonly now: () => number,
    /** Sent with each webhook request as `X-Zendesk-Account-Id`. */
    readonly accountId: number,
  ) {}

  /** Ids per kind grow from a realistic start, so a ticket id never looks like a user id. */
  nextId(kind: 'ticket' | 'comment' | 'attachment' | 'user', start: number): number {
    const id = this.#nextId.get(kind) ?? start;
    this.#nextId.set(kind, id + 1);
    return id;
  }

  isoNow(): string {
    return new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  userByEmail(email: string): ZendeskUser | undefined {
    const wanted = email.toLowerCase();
    return [...this.users.values()].find((user) => user.email.toLowerCase() === wanted);
  }

  /** A fresh access token (and refresh token) for a user, as the token endpoint grants. */
  grantTokens(userId: number): { accessToken: string; refreshToken: string; expiresInS: number } {
    const accessToken = secret();
    const refreshToken = secret();
    this.accessTokens.set(accessToken, {
      userId,
      expiresAt: this.now() + ACCESS_TOKEN_LIFETIME_S * 1000,
      revoked: false,
    });
    this.refreshTokens.set(refreshToken, { userId, revoked: false });
    return { accessToken, refreshToken, expiresInS: ACCESS_TOKEN_LIFETIME_S };
  }

  clear(): void {
    for (const map of [
      this.users,
      this.organizations,
      this.tickets,
      this.deletedTickets,
      this.ticketFields,
      this.attachments,
      this.uploads,
      this.triggerCategories,
      this.accessTokens,
      this.refreshTokens,
    ])
      map.clear();
    this.apiTokens.clear();
    this.automation.clear();
    this.idempotencyKeys.clear();
    this.#nextId.clear();
  }
}

function secret(): string {
  return randomBytes(24).toString('base64url');
}
