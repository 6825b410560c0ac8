import { randomBytes } from 'node:crypto';

/** Zendesk exchanges "an authorization code valid for 120 seconds" (Create Token for Grant Type). */
export const AUTHORIZATION_CODE_LIFETIME_S = 120;

/** What a user approved at the authorization page, bound to the code that carries it. */
export interface AuthorizationGrant {
  /** Record id of the OAuth client the code was issued to. */
  clientId: number;
  userId: number;
  /** The `redirect_uri` of the authorization request; the exchange must name the same. */
  redirectUri: string;
  scopes: string[];
  /** The S256 `code_challenge`, when the request carried one: the exchange must prove its verifier. */
  codeChallenge?: string;
}

interface HeldCode {
  grant: AuthorizationGrant;
  /** Epoch ms. */
  expiresAt: number;
  redeemed: boolean;
  /** The access token its exchange granted, revoked if the code is replayed. */
  accessToken?: string;
}

/** A code presented at the token endpoint: the grant it carries, or why it carries none. */
export type Redemption =
  | { grant: AuthorizationGrant; granted(accessToken: string): void }
  | { refused: 'unknown' | 'expired' }
  | { refused: 'replayed'; accessToken?: string };

/**
 * Authorization codes: random, short-lived, single-use. Presenting a code redeems it whatever the
 * exchange then decides, so a refused exchange cannot be retried with another verifier or secret;
 * presenting it again is a replay, and (RFC 6749 §4.1.2) the tokens it granted are revoked.
 */
export class AuthorizationCodes {
  readonly #codes = new Map<string, HeldCode>();

  constructor(private readonly now: () => number) {}

  issue(grant: AuthorizationGrant): string {
    this.#forgetExpired();
    const code = randomBytes(24).toString('base64url');
    this.#codes.set(code, {
      grant,
      expiresAt: this.now() + AUTHORIZATION_CODE_LIFETIME_S * 1000,
      redeemed: false,
    });
    return code;
  }

  redeem(code: string): Redemption {
    const held = this.#codes.get(code);
    if (held === undefined) return { refused: 'unknown' };
    if (held.redeemed) return { refused: 'replayed', accessToken: held.accessToken };
    held.redeemed = true;
    if (held.expiresAt <= this.now()) return { refused: 'expired' };
    return {
      grant: held.grant,
      granted: (accessToken) => {
        held.accessToken = accessToken;
      },
    };
  }

  clear(): void {
    this.#codes.clear();
  }

  /** A code past its lifetime is refused as unknown from then on; a replay past it revokes nothing more. */
  #forgetExpired(): void {
    for (const [code, held] of this.#codes) if (held.expiresAt <= this.now()) this.#codes.delete(code);
  }
}
