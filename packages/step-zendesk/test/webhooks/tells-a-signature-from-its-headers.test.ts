import { describe, expect, it } from '@jest/globals';
import type { WebhookDelivery } from '@toolsteps/engine';
import { zendeskWebhooks } from '../../src/index.js';
import { zendeskSignature } from '../../src/webhooks/index.js';

const SIGNED_AT = '2026-11-21T09:30:00Z';
const BODY = '{"ticket":{"id":"35436","subject":"Printer on fire"}}';
const SIGNATURE = zendeskSignature('a-signing-secret', SIGNED_AT, BODY);

const headers = (overrides: Record<string, string | undefined> = {}) => {
  const all: Record<string, string | undefined> = {
    'x-zendesk-webhook-signature': SIGNATURE,
    'x-zendesk-webhook-signature-timestamp': SIGNED_AT,
    'x-zendesk-webhook-invocation-id': '8350205582',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
};
const delivery = (overrides: Record<string, string | undefined> = {}): WebhookDelivery => ({
  headers: headers(overrides),
  body: JSON.parse(BODY),
  rawBody: new TextEncoder().encode(BODY),
});

describe("Zendesk's signature, before and after the body is read", () => {
  it('is there (hasSignature) when both headers have their form, whatever the secret', () => {
    expect(zendeskWebhooks.hasSignature?.(headers())).toBe(true);
  });

  it('is not there without a signature or a timestamp, or with either malformed', () => {
    for (const overrides of [
      { 'x-zendesk-webhook-signature': undefined },
      { 'x-zendesk-webhook-signature-timestamp': undefined },
      { 'x-zendesk-webhook-signature': 'not-base64' },
      { 'x-zendesk-webhook-signature': `${SIGNATURE}${SIGNATURE}` },
      { 'x-zendesk-webhook-signature-timestamp': '1700000000' },
      { 'x-zendesk-webhook-signature-timestamp': 'x'.repeat(10_000) },
    ])
      expect(zendeskWebhooks.hasSignature?.(headers(overrides))).toBe(false);
  });

  it('is one signature (signatureOf) whichever of its base64 spellings was sent, and whatever the invocation id', () => {
    const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const respelled = `${SIGNATURE.slice(0, 42)}${A[A.indexOf(SIGNATURE[42]) ^ 1]}=`;
    expect(respelled).not.toBe(SIGNATURE);

    const of = (overrides: Record<string, string | undefined>) =>
      zendeskWebhooks.signatureOf?.(delivery(overrides));
    expect(of({})).toBe(SIGNATURE);
    expect(of({ 'x-zendesk-webhook-signature': respelled, 'x-zendesk-webhook-invocation-id': '1' })).toBe(
      SIGNATURE,
    );
    expect(of({ 'x-zendesk-webhook-signature': undefined })).toBeUndefined();
  });
});
