import { createHash, timingSafeEqual } from 'node:crypto';

/** An S256 challenge: base64url of a SHA-256 digest, 43 characters, as GitHub requires. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Why an authorization request's PKCE parameters are refused, or undefined when they are absent or
 * fine. GitHub requires both or neither, and only `S256` (the `plain` method is not supported).
 */
export function pkceRefusal(challenge: string | undefined, method: string | undefined): string | undefined {
  if (challenge === undefined && method === undefined) return undefined;
  if (method === undefined) return 'code_challenge_method is required with code_challenge: use S256.';
  if (method !== 'S256')
    return `Unsupported code_challenge_method "${method}": only S256 is supported (not plain).`;
  if (challenge === undefined) return 'code_challenge is required with code_challenge_method.';
  if (!S256_CHALLENGE.test(challenge))
    return 'code_challenge must be the 43-character base64url SHA-256 digest of the code_verifier.';
  return undefined;
}

/** Whether a code_verifier hashes (S256) to the challenge, compared in constant time. */
export function verifierMatches(challenge: string, verifier: string | undefined): boolean {
  if (verifier === undefined) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
