import { createHash, timingSafeEqual } from 'node:crypto';

/** The one transform Zendesk takes (`code_challenge_method=S256`); `plain` protects nothing. */
export const PKCE_METHOD = 'S256';

/** BASE64URL(SHA-256(verifier)) is 32 bytes, so always 43 characters without padding (RFC 7636 §4.2). */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** A verifier is 43 to 128 unreserved characters (RFC 7636 §4.1). */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** Whether a `code_challenge` has the shape an S256 challenge must have. */
export function isS256Challenge(challenge: string): boolean {
  return CHALLENGE.test(challenge);
}

/** The S256 challenge of a verifier, as a client computes it before sending the user to authorize. */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether a `code_verifier` is well formed and hashes to the challenge the code was issued with. */
export function verifierMatches(verifier: string | undefined, challenge: string): boolean {
  if (verifier === undefined || !VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(s256Challenge(verifier));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
