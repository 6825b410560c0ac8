import type { Context, Hono } from '@toolsteps/emulator';
import type { WebhookRecord } from './automation-store.js';
import { pageOf } from './cursor-page.js';
import { webhookInUse, webhookInvalid, webhookNotFound } from './webhook-errors.js';
import { callerIn, jsonObject, type ZendeskApi } from './zendesk-api.js';
import { forbidden } from './zendesk-errors.js';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const REQUEST_FORMATS = ['json', 'xml', 'form_encoded'];
const STATUSES = ['active', 'inactive'];

/**
 * Webhooks: list (`filter[name_contains]`, cursor pages), create, show, update (PUT replaces, PATCH
 * merges), delete, and the signing secret Zendesk chose. Admins only, as on Zendesk.
 */
export function registerWebhookRoutes(app: Hono, api: ZendeskApi): void {
  const { automation } = api.state;
  const adminsOnly = (c: Context) => (callerIn(api, c).role === 'admin' ? undefined : forbidden());
  const found = (c: Context) => automation.webhooks.get(c.req.param('id') ?? '');

  app.get('/api/v2/webhooks', (c) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const needle = (c.req.query('filter[name_contains]') ?? '').toLowerCase();
    const all = [...automation.webhooks.values()].filter((hook) => hook.name.toLowerCase().includes(needle));
    const page = pageOf(c, all, (query) => `${api.origin()}/api/v2/webhooks?${query}`);
    if (page instanceof Response) return page;
    return c.json({ webhooks: page.items.map(webhookJson), ...page.paging });
  });

  app.post('/api/v2/webhooks', async (c) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const body = await jsonObject(c);
    if (body instanceof Response) return body;
    const settings = webhookSettingsOf(body.webhook);
    if (settings instanceof Response) return settings;
    const now = api.state.isoNow();
    const by = String(callerIn(api, c).id);
    const record: WebhookRecord = {
      id: automation.newWebhookId(),
      ...settings,
      signingSecret: automation.newSigningSecret(),
      created_at: now,
      created_by: by,
      updated_at: now,
      updated_by: by,
    };
    automation.webhooks.set(record.id, record);
    c.header('location', `${api.origin()}/api/v2/webhooks/${record.id}`);
    return c.json({ webhook: webhookJson(record) }, 201);
  });

  app.get('/api/v2/webhooks/:id', (c) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const record = found(c);
    return record ? c.json({ webhook: webhookJson(record) }) : webhookNotFound();
  });

  const update = (merge: boolean) => async (c: Context) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const record = found(c);
    if (!record) return webhookNotFound();
    const body = await jsonObject(c);
    if (body instanceof Response) return body;
    const given = (body.webhook ?? {}) as Record<string, unknown>;
    const settings = webhookSettingsOf(merge ? { ...webhookJson(record), ...given } : given);
    if (settings instanceof Response) return settings;
    Object.assign(record, settings, {
      updated_at: api.state.isoNow(),
      updated_by: String(callerIn(api, c).id),
    });
    return c.body(null, 204);
  };
  app.put('/api/v2/webhooks/:id', update(false));
  app.patch('/api/v2/webhooks/:id', update(true));

  app.delete('/api/v2/webhooks/:id', (c) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const record = found(c);
    if (!record) return webhookNotFound();
    const notifying = [...automation.triggers.values()].some((trigger) =>
      trigger.actions.some(
        (action) =>
          action.field === 'notification_webhook' &&
          Array.isArray(action.value) &&
          action.value[0] === record.id,
      ),
    );
    if (notifying) return webhookInUse();
    automation.webhooks.delete(record.id);
    return c.body(null, 204);
  });

  app.get('/api/v2/webhooks/:id/signing_secret', (c) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const record = found(c);
    if (!record) return webhookNotFound();
    return c.json({ signing_secret: { algorithm: 'SHA256', secret: record.signingSecret } });
  });
}

/** A webhook as the API shows it: never its secret. */
export function webhookJson(record: WebhookRecord) {
  const { signingSecret: _secret, ...shown } = record;
  return shown;
}

type WebhookSettings = Pick<
  WebhookRecord,
  'name' | 'description' | 'endpoint' | 'http_method' | 'request_format' | 'status' | 'subscriptions'
>;

/** The settings of a create or a full update, or the 400 Zendesk answers for the first field refused. */
function webhookSettingsOf(input: unknown): WebhookSettings | Response {
  if (input === null || typeof input !== 'object') return webhookInvalid('', 'webhook is required');
  const given = input as Record<string, unknown>;
  const text = (field: string) => (typeof given[field] === 'string' ? (given[field] as string) : '');
  if (text('name').trim() === '') return webhookInvalid('name', 'name is required');
  if (!isHttpUrl(text('endpoint'))) return webhookInvalid('endpoint', 'endpoint must be a valid URL');
  if (!HTTP_METHODS.includes(text('http_method')))
    return webhookInvalid('http_method', `http_method must be one of ${HTTP_METHODS.join(', ')}`);
  if (!REQUEST_FORMATS.includes(text('request_format')))
    return webhookInvalid('request_format', `request_format must be one of ${REQUEST_FORMATS.join(', ')}`);
  if (!STATUSES.includes(text('status')))
    return webhookInvalid('status', 'status must be active or inactive');
  const subscriptions = given.subscriptions ?? [];
  if (!Array.isArray(subscriptions) || !subscriptions.every((name) => typeof name === 'string'))
    return webhookInvalid('subscriptions', 'subscriptions must be an array of strings');
  return {
    name: text('name'),
    description: typeof given.description === 'string' ? given.description : null,
    endpoint: text('endpoint'),
    http_method: text('http_method'),
    request_format: text('request_format'),
    status: text('status') as WebhookRecord['status'],
    subscriptions: [...subscriptions],
  };
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}
