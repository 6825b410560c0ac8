import { describe, expect, it } from '@jest/globals';
import { sign } from '@octokit/webhooks-methods';
import type { WebhookDelivery } from '@toolsteps/engine';
import { githubWebhooks } from '../../src/index.js';

const BODY = '{"action":"opened","issue":{"number":1,"title":"Spelling error in the README file"}}';

describe("GitHub's signature, before and after the body is read", () => {
  it('is there (hasSignature) when X-Hub-Signature-256 is sha256= and 64 lowercase hex digits', async () => {
    expect(githubWebhooks.hasSignature?.({ 'x-hub-signature-256': await sign('any secret', BODY) })).toBe(
      true,
    );
  });

  it('is not there when missing, SHA-1 only, or of another form', () => {
    const forms: Array<Record<string, string>> = [
      {},
      { 'x-hub-signature': `sha1=${'0'.repeat(40)}` },
      { 'x-hub-signature-256': 'sha256=00' },
      { 'x-hub-signature-256': `sha256=${'A'.repeat(64)}` },
      { 'x-hub-signature-256': `sha256=${'0'.repeat(64)} ` },
      { 'x-hub-signature-256': `sha512=${'0'.repeat(64)}` },
    ];
    for (const headers of forms) expect(githubWebhooks.hasSignature?.(headers)).toBe(false);
  });

  it('is the same (signatureOf) for the same body under another delivery id, and another for another body', async () => {
    const delivery = async (body: string, id: string): Promise<WebhookDelivery> => ({
      headers: { 'x-github-delivery': id, 'x-hub-signature-256': await sign('secret', body) },
      body: JSON.parse(body),
      rawBody: new TextEncoder().encode(body),
    });
    const first = githubWebhooks.signatureOf?.(await delivery(BODY, 'd-1'));
    expect(first).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(githubWebhooks.signatureOf?.(await delivery(BODY, 'd-2'))).toBe(first);
    expect(githubWebhooks.signatureOf?.(await delivery(BODY.replace('1', '2'), 'd-1'))).not.toBe(first);
  });
});
