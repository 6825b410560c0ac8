import { describe, expect, it } from '@jest/globals';
import { sign } from '@octokit/webhooks-methods';
import type { WebhookDelivery } from '@toolsteps/engine';
import { githubWebhooks } from '../../src/index.js';

const SECRET = 'It’s a Secret to Everybody';
const BODY = '{"action":"opened","issue":{"number":1,"title":"Spelling error in the README file 🐛"}}';

/** A delivery as GitHub signs it: `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body>`. */
async function signedDelivery(body = BODY, secret = SECRET): Promise<WebhookDelivery> {
  return {
    headers: {
      'x-github-event': 'issues',
      'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
      'x-hub-signature-256': await sign(secret, body),
    },
    body: JSON.parse(body),
    rawBody: new TextEncoder().encode(body),
  };
}

describe("githubWebhooks.verify checks GitHub's X-Hub-Signature-256 over the raw body", () => {
  it('accepts a body signed with the secret', async () => {
    expect(await githubWebhooks.verify(await signedDelivery(), SECRET)).toBe(true);
  });

  it("matches GitHub's documented example signature", async () => {
    // From GitHub's "Validating webhook deliveries": secret "It's a Secret to Everybody", payload "Hello, World!".
    const delivery: WebhookDelivery = {
      headers: {
        'x-hub-signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      },
      body: 'Hello, World!',
      rawBody: new TextEncoder().encode('Hello, World!'),
    };
    expect(await githubWebhooks.verify(delivery, "It's a Secret to Everybody")).toBe(true);
  });

  it('refuses a body changed after signing, even by one byte', async () => {
    const delivery = await signedDelivery();
    const tampered = new TextEncoder().encode(BODY.replace('"number":1', '"number":2'));

    expect(await githubWebhooks.verify({ ...delivery, rawBody: tampered }, SECRET)).toBe(false);
  });

  it('refuses a body signed with another secret', async () => {
    expect(await githubWebhooks.verify(await signedDelivery(BODY, 'another secret'), SECRET)).toBe(false);
  });

  it('refuses a delivery without a signature, or with only the old SHA-1 one', async () => {
    const { 'x-hub-signature-256': _signature, ...unsigned } = (await signedDelivery()).headers;
    const delivery = await signedDelivery();

    expect(await githubWebhooks.verify({ ...delivery, headers: unsigned }, SECRET)).toBe(false);
    expect(
      await githubWebhooks.verify(
        {
          ...delivery,
          headers: { ...unsigned, 'x-hub-signature': 'sha1=0000000000000000000000000000000000000000' },
        },
        SECRET,
      ),
    ).toBe(false);
  });

  it('refuses a signature that is not sha256= and 64 hex digits', async () => {
    const delivery = await signedDelivery();
    for (const signature of [
      '',
      'sha256=',
      'sha256=zz',
      delivery.headers['x-hub-signature-256'].slice(0, -1),
    ]) {
      const headers = { ...delivery.headers, 'x-hub-signature-256': signature };
      expect(await githubWebhooks.verify({ ...delivery, headers }, SECRET)).toBe(false);
    }
  });

  it('refuses bytes that are not UTF-8 rather than verify a repaired text', async () => {
    const delivery = await signedDelivery();
    const broken = new Uint8Array([...delivery.rawBody.slice(0, -1), 0xff]);

    expect(await githubWebhooks.verify({ ...delivery, rawBody: broken }, SECRET)).toBe(false);
  });

  it("reads the delivery's id from X-GitHub-Delivery, the same on a redelivery", async () => {
    expect(githubWebhooks.deliveryId(await signedDelivery())).toBe('72d3162e-cc78-11e3-81ab-4c9367dc0958');
    expect(githubWebhooks.deliveryId({ headers: {}, body: {}, rawBody: new Uint8Array() })).toBeUndefined();
  });
});
