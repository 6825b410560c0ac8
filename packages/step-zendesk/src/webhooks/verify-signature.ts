import { timingSafeEqual } from 'node:crypto';
import type { WebhookDelivery } from '@toolsteps/sdk';
import { zendeskSignatureDigest } from './sign-payload.js';
import { MAX_TIMESTAMP_LENGTH, parseSignatureTimestamp } from './signature-timestamp.js';
import { boundedHeader, ZENDESK_HEADERS } from './webhook-headers.js';

/** How old a signature may be: Zendesk's own advice against replays names no figure; five minutes is usual. */
export const DEFAULT_WINDOW_MS = 5 * 60_000;
/** How far ahead of our clock a timestamp may be: clocks drift, but a signature from the future is forged. */
export const DEFAULT_FUTURE_SKEW_MS = 60_000;

// A SHA-256 digest in base64: 43 characters and one `=`. Anything else cannot match, so it is not decoded.
const BASE64_DIGEST = /^[A-Za-z0-9+/]{43}=$/;

export interface SignatureVerifierOptions {
  /** The clock the window is measured on (epoch milliseconds); default `Date.now`. */
  now?: () => number;
  /** Oldest signature accepted, in milliseconds; default 5 minutes. */
  windowMs?: number;
  /** Furthest a timestamp may be ahead of `now`; default 1 minute. */
  futureSkewMs?: number;
}

/**
 * The `verify` of Zendesk's `IntegrationWebhooks`: whether a delivery was signed with `secret`, over
 * its raw bytes, recently. It never throws: missing, oversized or malformed headers are `false`.
 * The engine's `verify` has no clock, so the window's clock is given here, once.
 */
export function zendeskSignatureVerifier(
  options: SignatureVerifierOptions = {},
): (delivery: WebhookDelivery, secret: string) => Promise<boolean> {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const futureSkewMs = options.futureSkewMs ?? DEFAULT_FUTURE_SKEW_MS;
  return async (delivery, secret) => {
    try {
      return isSignedRecently(delivery, secret, now(), windowMs, futureSkewMs);
    } catch {
      return false;
    }
  };
}

function isSignedRecently(
  delivery: WebhookDelivery,
  secret: string,
  now: number,
  windowMs: number,
  futureSkewMs: number,
): boolean {
  if (typeof secret !== 'string' || secret === '' || !(delivery?.rawBody instanceof Uint8Array)) return false;
  const signature = signatureHeader(delivery.headers);
  const timestamp = boundedHeader(delivery.headers, ZENDESK_HEADERS.timestamp, MAX_TIMESTAMP_LENGTH);
  if (signature === undefined || timestamp === undefined) return false;
  const signedAt = parseSignatureTimestamp(timestamp);
  if (signedAt === undefined || now - signedAt > windowMs || signedAt - now > futureSkewMs) return false;
  const expected = zendeskSignatureDigest(secret, timestamp, delivery.rawBody);
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Verification with the system clock and the default window. */
export const verifyZendeskSignature = zendeskSignatureVerifier();

/**
 * The `hasSignature` of Zendesk's webhooks, before the body is read: a signature of the digest's
 * form and a timestamp that reads as an instant. Whether they verify is `verify`'s to say.
 */
export function hasZendeskSignature(headers: Readonly<Record<string, string>>): boolean {
  const timestamp = boundedHeader(headers, ZENDESK_HEADERS.timestamp, MAX_TIMESTAMP_LENGTH);
  return (
    signatureHeader(headers) !== undefined &&
    timestamp !== undefined &&
    parseSignatureTimestamp(timestamp) !== undefined
  );
}

/**
 * The `signatureOf` of Zendesk's webhooks: the digest in canonical base64. Its last character
 * carries two bits no decoder reads, so four spellings verify alike; they are one signature here.
 * It covers the timestamp too, so a replay within the window is recognised by it whatever its
 * invocation id, and one after the window does not verify.
 */
export function zendeskSignatureOf(delivery: WebhookDelivery): string | undefined {
  const signature = signatureHeader(delivery?.headers);
  return signature === undefined ? undefined : Buffer.from(signature, 'base64').toString('base64');
}

function signatureHeader(headers: Readonly<Record<string, string>> | undefined): string | undefined {
  const signature = boundedHeader(headers, ZENDESK_HEADERS.signature, 44);
  return signature !== undefined && BASE64_DIGEST.test(signature) ? signature : undefined;
}
