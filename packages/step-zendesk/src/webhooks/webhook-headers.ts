/**
 * The headers Zendesk sends with every webhook request (lowercase, as the engine hands them over).
 * See https://developer.zendesk.com/documentation/webhooks/anatomy-of-a-webhook-request/
 */
export const ZENDESK_HEADERS = {
  /** base64(HMAC-SHA256(signing secret, timestamp + body)). */
  signature: 'x-zendesk-webhook-signature',
  /** ISO 8601 in UTC, to the second: `2021-03-25T05:09:27Z`. */
  timestamp: 'x-zendesk-webhook-signature-timestamp',
  /** One invocation of the webhook, e.g. `8350205582`; kept by its retries. */
  invocationId: 'x-zendesk-webhook-invocation-id',
  webhookId: 'x-zendesk-webhook-id',
  accountId: 'x-zendesk-account-id',
} as const;

/**
 * A header's value when it is present and no longer than `maxLength`. Anything longer is refused
 * before it is decoded or parsed: a sender cannot make verification work on megabytes of header.
 */
export function boundedHeader(
  headers: Readonly<Record<string, string | undefined>> | undefined,
  name: string,
  maxLength: number,
): string | undefined {
  const value = headers?.[name];
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) return undefined;
  return value;
}
