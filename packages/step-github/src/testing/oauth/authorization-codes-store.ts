import { randomBytes } from 'node:crypto';

/** GitHub's temporary codes expire after 10 minutes. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;

/** What a web flow's code was issued for: the token exchange must match it. */
export interface AuthorizationCode {
  readonly code: string;
  readonly clientId: string;
  readonly login: string;
  readonly scopes: readonly string[];
  /** The redirect_uri the authorization named; undefined when it named none (then none is compared). */
  readonly requestedRedirectUri?: string;
  /** The S256 challenge the authorization carried: the exchange must bring its verifier. */
  readonly codeChallenge?: string;
  readonly expiresAt: number;
}

/** The web flow's codes: random, single-use, bound to one client and expiring by the emulator's clock. */
export class AuthorizationCodes {
  readonly #codes = new Map<string, AuthorizationCode>();

  constructor(private readonly now: () => number) {}

  issue(fields: Omit<AuthorizationCode, 'code' | 'expiresAt'>): AuthorizationCode {
    this.#dropExpired();
    const issued: AuthorizationCode = {
      ...fields,
      // 20 hex digits, as GitHub's.
      code: randomBytes(10).toString('hex'),
      expiresAt: this.now() + CODE_LIFETIME_MS,
    };
    this.#codes.set(issued.code, issued);
    return issued;
  }

  /** The client's live code, or undefined when it is unknown, spent, expired or another client's. */
  find(clientId: string, code: string | undefined): AuthorizationCode | undefined {
    const found = code === undefined ? undefined : this.#codes.get(code);
    if (found === undefined || found.clientId !== clientId) return undefined;
    if (this.now() >= found.expiresAt) {
      this.#codes.delete(found.code);
      return undefined;
    }
    return found;
  }

  /** Uses a code up: it is never redeemed again. */
  spend(code: AuthorizationCode): void {
    this.#codes.delete(code.code);
  }

  #dropExpired(): void {
    const now = this.now();
    for (const [key, code] of this.#codes) if (now >= code.expiresAt) this.#codes.delete(key);
  }
}
