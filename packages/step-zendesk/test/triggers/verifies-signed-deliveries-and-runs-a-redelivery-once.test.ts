import { describe, expect, it } from '@jest/globals';
import { zendeskWebhooks } from '../../src/index.js';
import { zendeskSignature } from '../../src/webhooks/index.js';
import { useTriggerHost } from './trigger-host-world.js';

describe("the host checks Zendesk's signature and runs a delivery once", () => {
  const world = useTriggerHost();

  const post = (headers: Record<string, string>, body: string) =>
    fetch(world.host.urlOf('on-status'), { method: 'POST', headers, body });

  it('accepts what Zendesk signed, and refuses (401) a changed body, another secret or an old timestamp', async () => {
    const { activation, sent } = await world.oneStatusDelivery();
    expect(sent.statusCode).toBeLessThan(300);
    const delivery = {
      headers: sent.headers,
      body: JSON.parse(sent.body),
      rawBody: new TextEncoder().encode(sent.body),
    };
    expect(await zendeskWebhooks.verify(delivery, activation.secret!)).toBe(true);

    // Zendesk renders the status as its agents read it.
    const tampered = sent.body.replace('"status":"Pending"', '"status":"Solved"');
    expect(tampered).not.toBe(sent.body);
    expect((await post(sent.headers, tampered)).status).toBe(401);

    const resign = (secret: string, at: Date) => {
      const timestamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
      return {
        ...sent.headers,
        'x-zendesk-webhook-invocation-id': '9900000001',
        'x-zendesk-webhook-signature-timestamp': timestamp,
        'x-zendesk-webhook-signature': zendeskSignature(secret, timestamp, sent.body),
      };
    };
    expect((await post(resign('another-secret', new Date()), sent.body)).status).toBe(401);
    expect(
      (await post(resign(activation.secret!, new Date(Date.now() - 10 * 60_000)), sent.body)).status,
    ).toBe(401);
    await world.settled();
    expect((await world.host.deliveries()).map((stored) => stored.id)).toEqual([sent.invocationId]);
  });

  it('runs a redelivery (same invocation id) once', async () => {
    const { sent } = await world.oneStatusDelivery();

    const again = world.emulator.redeliverWebhook(sent.invocationId);
    await world.settled();

    expect(again).toMatchObject({ invocationId: sent.invocationId, redelivery: true, status: 'delivered' });
    const stored = await world.host.deliveries({ bindingId: 'on-status' });
    expect(stored).toHaveLength(1);
    expect(stored[0].runs).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(world.events).toContainEqual(expect.objectContaining({ type: 'delivery.duplicate' }));
  });
});
