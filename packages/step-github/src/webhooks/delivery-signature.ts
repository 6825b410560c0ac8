import type { WebhookDelivery } from '@toolsteps/sdk';

/** Exact: invalid bytes are refused rather than replaced, and a byte-order mark is kept, so the text is the bytes. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const SIGNATURE_HEADER = 'x-hub-signature-256';
/** As GitHub writes it, and as `verify` compares it (byte for byte, so no other spelling verifies). */
const SIGNATURE_FORM = /^sha256=[0-9a-f]{64}$/;

/** The `hasSignature` of GitHub's webhooks: `X-Hub-Signature-256` of GitHub's form, before the body is read. */
export function hasGithubSignature(headers: Readonly<Record<string, string>>): boolean {
  const signature = headers[SIGNATURE_HEADER];
  return typeof signature === 'string' && SIGNATURE_FORM.test(signature);
}

/**
 * The `signatureOf` of GitHub's webhooks. It covers the body alone, so the same body resent under
 * another `X-GitHub-Delivery` carries the same signature, and only that spelling verifies.
 */
export function githubSignatureOf(delivery: WebhookDelivery): string | undefined {
  return delivery.headers[SIGNATURE_HEADER];
}

/**
 * Whether GitHub signed the delivery with `secret`: `X-Hub-Signature-256` is `sha256=` and the
 * HMAC-SHA256 of the raw body, compared in constant time by `@octokit/webhooks-methods`. A
 * missing signature, an empty body or bytes that are not UTF-8 (GitHub sends JSON) fail.
 */
export async function verifyGithubSignature(delivery: WebhookDelivery, secret: string): Promise<boolean> {
  const signature = delivery.headers[SIGNATURE_HEADER];
  if (!signature || !secret || delivery.rawBody.length === 0) return false;
  let payload: string;
  try {
    payload = UTF8.decode(delivery.rawBody);
  } catch {
    return false;
  }
  // Loaded with the first delivery verified, not with the steps: most imports of the package receive none.
  const { verify } = await import('@octokit/webhooks-methods');
  return verify(secret, payload, signature);
}
