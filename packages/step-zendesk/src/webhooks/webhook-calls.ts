import type { HttpClient, Static } from '@toolsteps/sdk';
import { ruleRefusal } from './rule-refusal.js';
import { MARKER, webhookSettings } from './rule-settings.js';
import { SigningSecretAnswer, type Webhook, WebhookAnswer, WebhookPage } from './zendesk-answers.js';

export type ZendeskWebhook = Static<typeof Webhook>;

const PAGE_SIZE = 100;
/** A bound on a paging loop: an account has far fewer webhooks named for Toolsteps. */
const MAX_PAGES = 20;

const webhookPath = (id?: string, rest = '') =>
  id === undefined ? 'api/v2/webhooks' : `api/v2/webhooks/${encodeURIComponent(id)}${rest}`;

export async function createWebhook(http: HttpClient, url: string): Promise<string> {
  const { status, body } = await http.request<Static<typeof WebhookAnswer>>({
    method: 'POST',
    path: webhookPath(),
    json: { webhook: webhookSettings(url) },
    acceptStatus: [403],
    expect: WebhookAnswer,
  });
  if (status === 403) throw ruleRefusal(status, 'create a webhook');
  return body.webhook.id;
}

/** Puts the whole webhook back as the binding asks (`PUT` replaces it); `missing` when it is gone. */
export async function updateWebhook(
  http: HttpClient,
  id: string,
  url: string,
): Promise<'updated' | 'missing'> {
  const { status } = await http.request({
    method: 'PUT',
    path: webhookPath(id),
    json: { webhook: webhookSettings(url) },
    retrySafe: true,
    acceptStatus: [403, 404],
  });
  if (status === 403) throw ruleRefusal(status, 'update a webhook');
  return status === 404 ? 'missing' : 'updated';
}

export async function readWebhook(http: HttpClient, id: string): Promise<ZendeskWebhook | undefined> {
  const { status, body } = await http.request<Static<typeof WebhookAnswer>>({
    method: 'GET',
    path: webhookPath(id),
    acceptStatus: [403, 404],
    expect: WebhookAnswer,
  });
  if (status === 403) throw ruleRefusal(status, 'read a webhook');
  return status === 404 ? undefined : body.webhook;
}

/** The webhook an earlier activation left for this URL: Toolsteps' webhooks, by endpoint. */
export async function findWebhook(http: HttpClient, url: string): Promise<ZendeskWebhook | undefined> {
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { status, body } = await http.request<Static<typeof WebhookPage>>({
      method: 'GET',
      path: webhookPath(),
      query: { 'filter[name_contains]': MARKER, 'page[size]': PAGE_SIZE, 'page[after]': after },
      acceptStatus: [403],
      expect: WebhookPage,
    });
    if (status === 403) throw ruleRefusal(status, 'list webhooks');
    const found = body.webhooks.find((webhook) => webhook.endpoint === url);
    if (found !== undefined) return found;
    if (!body.meta?.has_more || !body.meta.after_cursor) return undefined;
    after = body.meta.after_cursor;
  }
  return undefined;
}

/** The secret Zendesk signs the webhook's deliveries with: it chooses it, we read it. */
export async function signingSecret(http: HttpClient, id: string): Promise<string> {
  const { status, body } = await http.request<Static<typeof SigningSecretAnswer>>({
    method: 'GET',
    path: webhookPath(id, '/signing_secret'),
    acceptStatus: [403],
    expect: SigningSecretAnswer,
  });
  if (status === 403) throw ruleRefusal(status, "read a webhook's signing secret");
  return body.signing_secret.secret;
}

export async function deleteWebhook(http: HttpClient, id: string): Promise<void> {
  await http.request({ method: 'DELETE', path: webhookPath(id), retrySafe: true, acceptStatus: [404] });
}
