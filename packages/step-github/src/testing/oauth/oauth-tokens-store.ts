import { randomInt } from 'node:crypto';
import type { GithubCore } from '../shared/github-core.js';

/** A user access token an OAuth app obtained. */
export interface OAuthTokenRecord {
  readonly id: number;
  readonly token: string;
  readonly clientId: string;
  readonly login: string;
  readonly scopes: readonly string[];
  readonly createdAt: string;
}

/** A user's authorization of an app: what the user sees under "Authorized OAuth Apps". */
export interface OAuthGrant {
  readonly clientId: string;
  readonly login: string;
  /** Every scope granted to the app by the user so far. */
  readonly scopes: readonly string[];
  /** How many of its tokens still work. */
  readonly tokens: number;
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An OAuth app's user access token, as GitHub shapes them: `gho_` and 36 base62 characters. */
function newAccessToken(): string {
  let token = 'gho_';
  for (let i = 0; i < 36; i += 1) token += BASE62[randomInt(BASE62.length)];
  return token;
}

const grantKey = (clientId: string, login: string) => `${clientId}\n${login.toLowerCase()}`;

/**
 * The OAuth apps' tokens and the users' grants. A token works with the API because it is also in the
 * core's token table, which stays the one place that says so: a token revoked there (`revokeToken`)
 * is gone from here too.
 */
export class OAuthTokens {
  readonly #tokens = new Map<string, OAuthTokenRecord>();
  readonly #grants = new Map<string, Set<string>>();

  constructor(private readonly core: GithubCore) {}

  /** A new token for the user, with the scopes granted; the grant gathers them. */
  issue(clientId: string, login: string, scopes: readonly string[]): OAuthTokenRecord {
    const record: OAuthTokenRecord = {
      id: this.core.nextId(),
      token: newAccessToken(),
      clientId,
      login,
      scopes,
      createdAt: this.core.isoNow(),
    };
    this.#tokens.set(record.token, record);
    this.core.tokens.set(record.token, login);
    const granted = this.#grants.get(grantKey(clientId, login)) ?? new Set<string>();
    for (const scope of scopes) granted.add(scope);
    this.#grants.set(grantKey(clientId, login), granted);
    return record;
  }

  /** A token that still works, or undefined. */
  find(token: string): OAuthTokenRecord | undefined {
    const record = this.#tokens.get(token);
    if (record === undefined) return undefined;
    if (this.core.tokens.get(token) !== record.login) {
      this.#tokens.delete(token);
      return undefined;
    }
    return record;
  }

  /** The scopes a user granted an app, or undefined when the user has not authorized it. */
  grantedScopes(clientId: string, login: string): readonly string[] | undefined {
    const granted = this.#grants.get(grantKey(clientId, login));
    return granted === undefined ? undefined : [...granted];
  }

  /** The token stops working. */
  revoke(record: OAuthTokenRecord): void {
    this.#tokens.delete(record.token);
    this.core.tokens.delete(record.token);
  }

  /** The user's authorization of the app ends, and every token of it stops working. */
  revokeGrant(clientId: string, login: string): void {
    this.#grants.delete(grantKey(clientId, login));
    for (const record of [...this.#tokens.values()]) {
      if (record.clientId === clientId && record.login.toLowerCase() === login.toLowerCase()) {
        this.revoke(record);
      }
    }
  }

  grants(): OAuthGrant[] {
    return [...this.#grants.entries()].map(([key, scopes]) => {
      const [clientId, login] = key.split('\n');
      const live = [...this.#tokens.keys()].filter((token) => {
        const record = this.find(token);
        return record?.clientId === clientId && record.login.toLowerCase() === login;
      });
      return {
        clientId,
        login: this.core.account(login)?.login ?? login,
        scopes: [...scopes],
        tokens: live.length,
      };
    });
  }
}
