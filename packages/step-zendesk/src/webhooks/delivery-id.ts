import type { WebhookDelivery } from '@toolsteps/sdk';
import { boundedHeader, ZENDESK_HEADERS } from './webhook-headers.js';

// Zendesk's invocation ids are decimal (`8350205582`); any short token is taken, nothing that could
// smuggle a separator or whitespace into a store key or a log line.
const INVOCATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The `deliveryId` of Zendesk's `IntegrationWebhooks`: the webhook invocation id, which Zendesk
 * keeps when it retries an invocation, so a retried delivery is recognised and run once.
 */
export function zendeskDeliveryId(delivery: WebhookDelivery): string | undefined {
  const id = boundedHeader(delivery?.headers, ZENDESK_HEADERS.invocationId, 128);
  return id !== undefined && INVOCATION_ID.test(id) ? id : undefined;
}
