/** What a token endpoint grants on refresh (RFC 6749 §5.1), checked: safe to send and to store. */
export interface TokenGrant {
  accessToken: string;
  /** Set when the provider rotates refresh tokens. */
  refreshToken?: string;
  /** Between MIN_ and MAX_TOKEN_LIFETIME_S; unset when the answer gave none we could use. */
  expiresInSeconds?: number;
}

/** Longer lifetimes are cut to this: a huge `expires_in` (1e16) must not make a date that cannot exist. */
export const MAX_TOKEN_LIFETIME_S = 365 * 24 * 60 * 60;
/**
 * Shorter lifetimes are read as this: taken at its word, `expires_in: 0.000001` would refresh on
 * every request. A token that really dies sooner gets a 401, which renews it once.
 */
export const MIN_TOKEN_LIFETIME_S = 30;

/** RFC 6749 Appendix A: tokens are VSCHAR, printable ASCII, so they cannot break a header line. */
const VSCHAR = /^[\x20-\x7e]+$/;

/**
 * The grant in a 2xx answer, or what is wrong with it. A lifetime that is missing, null or not a
 * positive number is treated as unknown rather than refused: refusing would drop tokens the
 * provider has already rotated.
 */
export function readTokenGrant(body: Record<string, unknown>): TokenGrant | { problem: string } {
  const { access_token: accessToken, refresh_token: refreshToken } = body;
  if (typeof accessToken !== 'string' || accessToken === '') return { problem: 'without an access token' };
  if (!VSCHAR.test(accessToken)) {
    return {
      problem: 'with an access token holding characters a token cannot have (line breaks, NUL, non-ASCII)',
    };
  }
  if (refreshToken !== undefined && refreshToken !== null && refreshToken !== '') {
    if (typeof refreshToken !== 'string' || !VSCHAR.test(refreshToken)) {
      return { problem: 'with a refresh token that is not printable ASCII text' };
    }
  }
  const grant: TokenGrant = { accessToken };
  if (typeof refreshToken === 'string' && refreshToken !== '') grant.refreshToken = refreshToken;
  const lifetime = lifetimeSeconds(body.expires_in);
  if (lifetime !== undefined) grant.expiresInSeconds = lifetime;
  return grant;
}

function lifetimeSeconds(value: unknown): number | undefined {
  const seconds =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  if (!(Number.isFinite(seconds) && seconds > 0)) return undefined;
  return Math.min(Math.max(seconds, MIN_TOKEN_LIFETIME_S), MAX_TOKEN_LIFETIME_S);
}
