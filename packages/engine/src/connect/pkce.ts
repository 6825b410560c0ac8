import { createHash, randomBytes } from 'node:crypto';

/** A PKCE pair (RFC 7636, S256): the verifier stays here, the challenge goes in the authorization URL. */
export function pkcePair(): { verifier: string; challenge: string } {
  // 32 random bytes: 43 characters of base64url, the least the RFC allows and 256 bits of entropy.
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** An unguessable single-use value: the `state` of an authorization. */
export function randomState(): string {
  return randomBytes(24).toString('base64url');
}
