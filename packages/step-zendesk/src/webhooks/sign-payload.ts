import { createHmac } from 'node:crypto';

/**
 * Zendesk's signature of one request: base64(HMAC-SHA256(secret, timestamp + body)), the timestamp
 * being the header's text and the body its raw bytes. The secret is used as given (its UTF-8
 * bytes), not base64-decoded, though it looks like base64. Emulators sign deliveries with this too.
 */
export function zendeskSignature(secret: string, timestamp: string, rawBody: Uint8Array | string): string {
  return zendeskSignatureDigest(secret, timestamp, rawBody).toString('base64');
}

/** The raw 32-byte digest, for a comparison of bytes rather than of text. */
export function zendeskSignatureDigest(
  secret: string,
  timestamp: string,
  rawBody: Uint8Array | string,
): Buffer {
  return createHmac('sha256', secret).update(timestamp, 'utf8').update(rawBody).digest();
}
