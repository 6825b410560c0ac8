import { randomBytes } from 'node:crypto';
import { AuthorizationCodes } from './authorization-codes.js';
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
/** Lifetime of a refresh token the token endpoint grants: Zendesk's default, 30 days. */
export const REFRESH_TOKEN_LIFETIME_S = 30 * 24 * 3_600;

/** Tokens the token endpoint granted. */
export interface GrantedTokens {
  /** The grant's record id, as the OAuth Tokens API names it. */
  id: number;
  accessToken: string;
  refreshToken: string;
  expiresInS: number;
  refreshExpiresInS: number;
}

/** A grant put in with its tokens chosen, as the seed's are. */
export interface SeededGrant {
  accessToken: string;
  refreshToken?: string;
  userId: number;
  clientId: number;
  scopes: string[];
  /** Epoch ms when the access token expires; none: never. */
  expiresAt?: number;
  /** Epoch ms when the refresh token expires; none: never. */
  refreshExpiresAt?: number;
}

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
  /** Codes the authorization page issued, waiting to be exchanged at the token endpoint. */
  readonly authorizationCodes = new AuthorizationCodes(() => this.now());
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
  nextId(kind: 'ticket' | 'comment' | 'attachment' | 'user' | 'oauthToken', start: number): number {
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

  /** A fresh access token and its refresh token for a user, as the token endpoint grants them to a client. */
  grantTokens(userId: number, grant: { clientId: number; scopes: string[] }): GrantedTokens {
    const accessToken = secret();
    const refreshToken = secret();
    const id = this.addGrant({
      accessToken,
      refreshToken,
      userId,
      ...grant,
      expiresAt: this.now() + ACCESS_TOKEN_LIFETIME_S * 1000,
      refreshExpiresAt: this.now() + REFRESH_TOKEN_LIFETIME_S * 1000,
    });
    return {
      id,
      accessToken,
      refreshToken,
      expiresInS: ACCESS_TOKEN_LIFETIME_S,
      refreshExpiresInS: REFRESH_TOKEN_LIFETIME_S,
    };
  }

  /** Puts in a grant's tokens, paired under one record id. Gives the id. */
  addGrant(grant: SeededGrant): number {
    const { accessToken, refreshToken, expiresAt, refreshExpiresAt, ...of } = grant;
    const id = this.nextId('oauthToken', 8_120_000_001);
    const record = { id, ...of, scopes: [...of.scopes], createdAt: this.now(), revoked: false };
    this.accessTokens.set(accessToken, { ...record, expiresAt, pair: refreshToken });
    if (refreshToken !== undefined)
      this.refreshTokens.set(refreshToken, { ...record, expiresAt: refreshExpiresAt, pair: accessToken });
    return id;
  }

  /** Revokes a grant, as the OAuth Tokens API does: its access token and the refresh token paired with it. */
  revokeGrant(accessToken: string): void {
    const access = this.accessTokens.get(accessToken);
    if (access === undefined) return;
    access.revoked = true;
    const refresh = access.pair === undefined ? undefined : this.refreshTokens.get(access.pair);
    if (refresh) refresh.revoked = true;
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
    this.authorizationCodes.clear();
    this.automation.clear();
    this.idempotencyKeys.clear();
    this.#nextId.clear();
  }
}

function secret(): string {
  return randomBytes(24).toString('base64url');
}
