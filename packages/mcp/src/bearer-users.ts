import { createHash, timingSafeEqual } from 'node:crypto';

/** Shorter tokens are refused: a bearer token is the only thing between the network and every account. */
export const MIN_TOKEN_LENGTH = 32;

/** Who a known bearer token is: the token (as its digest, for binding sessions) and its user. */
export interface BearerHolder {
  /** Hex SHA-256 of the token: what a session remembers instead of the token. */
  token: string;
  /** The user its calls act for; undefined for a token of no user (the accounts a service runs with). */
  user: string | undefined;
}

/**
 * The users bearer tokens stand for. Tokens are compared by their SHA-256, in constant time, against
 * every known one, so neither a token's length nor how much of it matched shows in the time taken.
 */
export class BearerUsers {
  private readonly users: Array<{ digest: Buffer; user: string | undefined }>;

  /** `tokens`: token → the user its calls act for, or null for calls with the accounts of no user. */
  constructor(tokens: Readonly<Record<string, string | null>>) {
    const entries = Object.entries(tokens);
    if (entries.length === 0) throw new RangeError('The MCP server needs at least one bearer token');
    for (const [token, user] of entries) {
      if (token.length < MIN_TOKEN_LENGTH)
        throw new RangeError(
          `A bearer token (${user === null ? 'of no user' : `of user "${user}"`}) has ${token.length} characters: give one of ${MIN_TOKEN_LENGTH} or more, e.g. openssl rand -hex 32`,
        );
      if (user !== null && user.trim() === '')
        throw new RangeError('A bearer token names an empty user: name one, or give null for no user');
    }
    this.users = entries.map(([token, user]) => ({ digest: digest(token), user: user ?? undefined }));
  }

  /** Who an `Authorization` header's bearer token is; undefined when it is no token this server knows. */
  holderOf(authorization: string | undefined): BearerHolder | undefined {
    const match = /^Bearer ([\x21-\x7e]+)$/i.exec(authorization ?? '');
    if (!match) return undefined;
    const given = digest(match[1]);
    let found: BearerHolder | undefined;
    for (const { digest: known, user } of this.users)
      if (timingSafeEqual(known, given)) found = { token: given.toString('hex'), user };
    return found;
  }
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
