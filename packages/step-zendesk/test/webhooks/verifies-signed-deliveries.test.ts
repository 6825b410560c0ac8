import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { WebhookDelivery } from '@toolsteps/engine';
import { zendeskSignatureVerifier } from '../../src/webhooks/verify-signature.js';

const SECRET = 'dGhpc19zZWNyZXRfaXNfZm9yX3Rlc3Rpbmdfb25seQ==';
const SIGNED_AT = '2026-11-21T09:30:00Z';
const NOW = Date.parse(SIGNED_AT);
const BODY = '{"type":"zen:event-type:ticket.created","detail":{"id":"35436","subject":"Printer on fire"}}';

/** Signs as Zendesk's page says, written out again here so the test does not trust the code it tests. */
function sign(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + body)
    .digest('base64');
}

function delivery(headers: Record<string, string>, body = BODY): WebhookDelivery {
  return { headers, body: JSON.parse(body), rawBody: new TextEncoder().encode(body) };
}

function signed(overrides: Record<string, string> = {}, body = BODY): WebhookDelivery {
  return delivery(
    {
      'x-zendesk-webhook-signature': sign(SECRET, SIGNED_AT, body),
      'x-zendesk-webhook-signature-timestamp': SIGNED_AT,
      'x-zendesk-webhook-invocation-id': '8350205582',
      ...overrides,
    },
    body,
  );
}

/** A verifier whose clock reads `at`. */
const verifierAt = (at: number) => zendeskSignatureVerifier({ now: () => at });
const verify = verifierAt(NOW);

describe("Zendesk's webhook signature", () => {
  it('accepts a delivery signed over the timestamp then the raw body, with the signing secret', async () => {
    await expect(verify(signed(), SECRET)).resolves.toBe(true);
  });

  it('is computed over the raw bytes, not the parsed body', async () => {
    const spaced = BODY.replace(/,/g, ', ');
    const reformatted = { ...signed({}, spaced), rawBody: new TextEncoder().encode(BODY) };
    await expect(verify(reformatted, SECRET)).resolves.toBe(false);
    await expect(verify(signed({}, spaced), SECRET)).resolves.toBe(true);
  });

  it('accepts an empty body (Zendesk sends none for GET and DELETE webhooks)', async () => {
    const empty: WebhookDelivery = {
      headers: {
        'x-zendesk-webhook-signature': sign(SECRET, SIGNED_AT, ''),
        'x-zendesk-webhook-signature-timestamp': SIGNED_AT,
      },
      body: undefined,
      rawBody: new Uint8Array(),
    };
    await expect(verify(empty, SECRET)).resolves.toBe(true);
  });

  it('refuses a tampered body, a wrong secret, and a signature over the body then the timestamp', async () => {
    const tampered = { ...signed(), rawBody: new TextEncoder().encode(BODY.replace('fire', 'ice')) };
    await expect(verify(tampered, SECRET)).resolves.toBe(false);
    await expect(verify(signed(), 'another-secret')).resolves.toBe(false);
    await expect(verify(signed(), '')).resolves.toBe(false);
    // An older copy of Zendesk's page wrote the formula body first; the page in force says timestamp first.
    const reversed = createHmac('sha256', SECRET)
      .update(BODY + SIGNED_AT)
      .digest('base64');
    await expect(verify(signed({ 'x-zendesk-webhook-signature': reversed }), SECRET)).resolves.toBe(false);
  });

  it('refuses a timestamp edited after signing', async () => {
    const later = '2026-11-21T09:31:00Z';
    await expect(verify(signed({ 'x-zendesk-webhook-signature-timestamp': later }), SECRET)).resolves.toBe(
      false,
    );
  });

  it('accepts a signature up to five minutes old, and one a little ahead of our clock', async () => {
    await expect(verifierAt(NOW + 5 * 60_000)(signed(), SECRET)).resolves.toBe(true);
    await expect(verifierAt(NOW - 60_000)(signed(), SECRET)).resolves.toBe(true);
  });

  it('refuses a replay older than the window, and a timestamp from further in the future', async () => {
    await expect(verifierAt(NOW + 5 * 60_000 + 1)(signed(), SECRET)).resolves.toBe(false);
    await expect(verifierAt(NOW - 60_000 - 1)(signed(), SECRET)).resolves.toBe(false);
    const patient = zendeskSignatureVerifier({ now: () => NOW + 30 * 60_000, windowMs: 60 * 60_000 });
    await expect(patient(signed(), SECRET)).resolves.toBe(true);
  });

  it('is false, never an error, for missing or malformed headers', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { 'x-zendesk-webhook-signature-timestamp': SIGNED_AT },
      { 'x-zendesk-webhook-signature': sign(SECRET, SIGNED_AT, BODY) },
      { 'x-zendesk-webhook-signature': 'not base64!', 'x-zendesk-webhook-signature-timestamp': SIGNED_AT },
      {
        'x-zendesk-webhook-signature': sign(SECRET, SIGNED_AT, BODY).slice(0, 40),
        'x-zendesk-webhook-signature-timestamp': SIGNED_AT,
      },
    ];
    for (const headers of cases) await expect(verify(delivery(headers), SECRET)).resolves.toBe(false);

    for (const timestamp of ['1795253400', '2026-11-21 09:30:00', '2026-11-21T09:30:00', 'yesterday']) {
      const headers = {
        'x-zendesk-webhook-signature': sign(SECRET, timestamp, BODY),
        'x-zendesk-webhook-signature-timestamp': timestamp,
      };
      await expect(verify(delivery(headers), SECRET)).resolves.toBe(false);
    }
    const broken = { headers: undefined, body: null, rawBody: 'not bytes' } as unknown as WebhookDelivery;
    await expect(verify(broken, SECRET)).resolves.toBe(false);
  });

  it('refuses oversized headers without reading them', async () => {
    const huge = `${sign(SECRET, SIGNED_AT, BODY)}${' '.repeat(1_000_000)}`;
    await expect(verify(signed({ 'x-zendesk-webhook-signature': huge }), SECRET)).resolves.toBe(false);
    const longStamp = `${SIGNED_AT}${'0'.repeat(100_000)}`;
    await expect(
      verify(signed({ 'x-zendesk-webhook-signature-timestamp': longStamp }), SECRET),
    ).resolves.toBe(false);
  });
});
