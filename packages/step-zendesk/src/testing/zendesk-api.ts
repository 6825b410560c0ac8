import type { Context } from '@toolsteps/emulator';
import { callerOf } from './zendesk-auth.js';
import { invalidJson } from './zendesk-errors.js';
import type { ZendeskJson } from './zendesk-json.js';
import type { Ticket, ZendeskUser } from './zendesk-model.js';
import type { ZendeskState } from './zendesk-state.js';

/** What every route module works with: the state, its JSON views and the account's public address. */
export interface ZendeskApi {
  state: ZendeskState;
  json: ZendeskJson;
  /** The emulator's address, standing in for `https://SUBDOMAIN.zendesk.com`. */
  origin: () => string;
}

/** The signed-in user; the auth check already let the request through, so there is one. */
export function callerIn(api: ZendeskApi, c: Context): ZendeskUser {
  const caller = callerOf(api.state, c.req.header('authorization'));
  if (!caller) throw new Error('route reached without a signed-in user');
  return caller;
}

/** A JSON object body, or the 400 to answer with. */
export async function jsonObject(c: Context): Promise<Record<string, unknown> | Response> {
  const text = await c.req.text();
  try {
    const body = JSON.parse(text);
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body;
  } catch {
    // Answered below, as for any body that is not an object.
  }
  return invalidJson('The request body must be a JSON object');
}

/** `:id` of a path, with or without Zendesk's optional `.json` suffix already stripped. */
export function idParam(c: Context, name = 'id'): number | undefined {
  const id = Number(c.req.param(name));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export function ticketIn(api: ZendeskApi, c: Context): Ticket | undefined {
  const id = idParam(c);
  return id === undefined ? undefined : api.state.tickets.get(id);
}

/** `?include=users` asks for the users a record names beside it, as `users: [...]`. */
export function includesUsers(c: Context): boolean {
  return (c.req.query('include') ?? '').split(',').includes('users');
}

export function sideloadedUsers(api: ZendeskApi, ids: Iterable<number | null>) {
  const unique = [...new Set([...ids].filter((id): id is number => id !== null))];
  return unique.flatMap((id) => {
    const user = api.state.users.get(id);
    return user ? [api.json.user(user)] : [];
  });
}
