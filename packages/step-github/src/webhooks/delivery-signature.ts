import { verify } from '@octokit/webhooks-methods';
import type { WebhookDelivery } from '@toolsteps/engine';

/** Exact: invalid bytes are refused rather than replaced, and a byte-order mark is kept, so the text is the bytes. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Whether GitHub signed the delivery with `secret`: `X-Hub-Signature-256` is `sha256=` and the
 * HMAC-SHA256 of the raw body, compared in constant time by `@octokit/webhooks-methods`. A
 * missing signature, an empty body or bytes that are not UTF-8 (GitHub sends JSON) fail.
 */
export async function verifyGithubSignature(delivery: WebhookDelivery, secret: string): Promise<boolean> {
  const signature = delivery.headers['x-hub-signature-256'];
  if (!signature || !secret || delivery.rawBody.length === 0) return false;
  let payload: string;
  try {
    payload = UTF8.decode(delivery.rawBody);
  } catch {
    return false;
  }
  return verify(secret, payload, signature);
}
