import type { WebhookDelivery } from '@toolsteps/sdk';

/**
 * A delivery as captured from a receiver or a third party's delivery log: `{ "headers": {…},
 * "body": … }`, optionally with the exact `rawBody` text. Anything else (an event itself) is not one.
 * The raw bytes of a capture without `rawBody` are its body written as JSON: enough to match it, not
 * to verify a signature over it.
 */
export function capturedDelivery(value: unknown): WebhookDelivery | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { headers, body, rawBody, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !('body' in value) || !isHeaders(headers)) return undefined;
  if (rawBody !== undefined && typeof rawBody !== 'string') return undefined;
  const lowercase = Object.fromEntries(
    Object.entries(headers).map(([name, text]) => [name.toLowerCase(), text]),
  );
  return {
    headers: lowercase,
    body,
    rawBody: new TextEncoder().encode(rawBody ?? JSON.stringify(body)),
  };
}

function isHeaders(value: unknown): value is Record<string, string> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string')
  );
}
