import { describe, expect, it } from '@jest/globals';
import type { WebhookDelivery } from '@toolsteps/engine';
import { zendeskDeliveryId } from '../../src/webhooks/delivery-id.js';

const delivery = (headers: Record<string, string>): WebhookDelivery => ({
  headers,
  body: {},
  rawBody: new TextEncoder().encode('{}'),
});

describe("a Zendesk delivery's id", () => {
  it('is the webhook invocation id, which its retries keep', () => {
    expect(
      zendeskDeliveryId(
        delivery({
          'x-zendesk-webhook-id': '01F1KRFQ6BG29CNWFR60NK5FNY',
          'x-zendesk-webhook-invocation-id': '8350205582',
        }),
      ),
    ).toBe('8350205582');
  });

  it('is undefined when missing, empty, oversized or not a plain token', () => {
    expect(zendeskDeliveryId(delivery({}))).toBeUndefined();
    expect(zendeskDeliveryId(delivery({ 'x-zendesk-webhook-invocation-id': '' }))).toBeUndefined();
    expect(
      zendeskDeliveryId(delivery({ 'x-zendesk-webhook-invocation-id': '9'.repeat(129) })),
    ).toBeUndefined();
    expect(
      zendeskDeliveryId(delivery({ 'x-zendesk-webhook-invocation-id': '83502 05582\nforged' })),
    ).toBeUndefined();
    expect(zendeskDeliveryId({ headers: undefined } as unknown as WebhookDelivery)).toBeUndefined();
  });
});
