import { describe, expect, it, jest } from '@jest/globals';
import type { HttpExchange, HttpMethod } from '@toolsteps/engine';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { exchangeProblems } from './exchange-problems.js';
import { fidelityOpenApi } from './fidelity-allowances.js';
import { apiTokenAuthorization, type RawRequest, zendeskHttp } from './zendesk-http.js';

jest.setTimeout(180_000);

const UNKNOWN_WEBHOOK = '01GK8E6BKWMJZD2TEXAMPLE00';
const UNKNOWN_TRIGGER = 360_299_999_999;

/**
 * The webhooks and triggers APIs, which a binding's registration calls, refusing as Zendesk does:
 * admins only (403 for an agent), 404 for an unknown id, 400 (webhooks, JSON:API errors) or 422
 * (triggers, `RecordInvalid`) for a body refused, and `WebhookInUse` for a webhook a trigger notifies.
 * The triggers API is in Zendesk's description, so its answers are checked against it too.
 */
describe('the webhooks and triggers APIs refuse as Zendesk does', () => {
  const zd = useZendeskEmulator();
  const openApi = fidelityOpenApi();
  const asAdmin = () => apiTokenAuthorization(zd.emulator.adminAccount.credentials.email as string);
  const send = (method: HttpMethod, path: string, request: RawRequest = {}) =>
    zendeskHttp(zd.emulator, method, path, { authorization: asAdmin(), ...request });
  /** What Zendesk's description says is wrong with an answer (a request broken on purpose is not judged). */
  const answerProblems = (exchange: HttpExchange) => {
    const request = openApi.checkRequest(exchange.method, exchange.path, exchange.requestBody).problems;
    return exchangeProblems(openApi, exchange).problems.filter((problem) => !request.includes(problem));
  };
  const webhookSettings = (endpoint: string) => ({
    name: 'Escalations',
    endpoint,
    http_method: 'POST',
    request_format: 'json',
    status: 'active',
    subscriptions: ['conditional_ticket_events'],
  });
  const triggerNotifying = (webhookId: string) => ({
    title: 'Notify escalations',
    conditions: { all: [{ field: 'priority', operator: 'value', value: 'urgent' }] },
    actions: [{ field: 'notification_webhook', value: [webhookId, '{"ticket": "{{ticket.id}}"}'] }],
  });

  it('refuses an agent (403): webhooks and triggers are for admins', async () => {
    const asAgent = { authorization: undefined };
    const answers = [
      await send('GET', '/api/v2/webhooks', asAgent),
      await send('POST', '/api/v2/webhooks', {
        ...asAgent,
        body: { webhook: webhookSettings('http://127.0.0.1:9/') },
      }),
      await send('GET', '/api/v2/triggers.json', asAgent),
      await send('POST', '/api/v2/triggers.json', { ...asAgent, body: { trigger: { title: 'No' } } }),
      await send('DELETE', `/api/v2/triggers/${UNKNOWN_TRIGGER}.json`, asAgent),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    expect(answers[0].responseBody).toMatchObject({ error: 'Forbidden' });
    expect(answers.slice(2).flatMap(answerProblems)).toEqual([]);
    expect(zd.emulator.state.automation.webhooks.size).toBe(0);
  });

  it('answers 404 for an unknown webhook or trigger', async () => {
    const webhooks = [
      await send('GET', `/api/v2/webhooks/${UNKNOWN_WEBHOOK}`),
      await send('PATCH', `/api/v2/webhooks/${UNKNOWN_WEBHOOK}`, { body: { webhook: { name: 'x' } } }),
      await send('PUT', `/api/v2/webhooks/${UNKNOWN_WEBHOOK}`, {
        body: { webhook: webhookSettings('http://127.0.0.1:9/') },
      }),
      await send('DELETE', `/api/v2/webhooks/${UNKNOWN_WEBHOOK}`),
      await send('GET', `/api/v2/webhooks/${UNKNOWN_WEBHOOK}/signing_secret`),
    ];
    for (const answer of webhooks) {
      expect(answer.status).toBe(404);
      expect(answer.responseBody).toEqual({
        errors: [{ code: 'WebhookNotFound', title: 'Webhook not found', detail: 'Webhook not found' }],
      });
    }
    const triggers = [
      await send('GET', `/api/v2/triggers/${UNKNOWN_TRIGGER}.json`),
      await send('PUT', `/api/v2/triggers/${UNKNOWN_TRIGGER}.json`, { body: { trigger: { active: false } } }),
      await send('DELETE', `/api/v2/triggers/${UNKNOWN_TRIGGER}.json`),
    ];
    expect(triggers.map((answer) => answer.status)).toEqual([404, 404, 404]);
    expect(triggers[0].responseBody).toEqual({ error: 'RecordNotFound', description: 'Not found' });
    expect(triggers.flatMap(answerProblems)).toEqual([]);
  });

  it('refuses an invalid webhook (400, naming the field) and an invalid trigger (422, per field)', async () => {
    const webhook = await send('POST', '/api/v2/webhooks', {
      body: { webhook: { ...webhookSettings('not a url') } },
    });
    expect(webhook.status).toBe(400);
    expect(webhook.responseBody).toMatchObject({
      errors: [{ code: 'InvalidValue', source: { pointer: '/webhook/endpoint' } }],
    });

    const trigger = await send('POST', '/api/v2/triggers.json', {
      body: {
        trigger: {
          title: '',
          conditions: { all: [{ field: 'satisfaction_score', operator: 'is', value: 'bad' }] },
          actions: [{ field: 'notification_webhook', value: [UNKNOWN_WEBHOOK, '{}'] }],
        },
      },
    });
    expect(trigger.status).toBe(422);
    expect(trigger.responseBody).toMatchObject({
      error: 'RecordInvalid',
      details: {
        title: [{ error: 'BlankValue' }],
        conditions: expect.arrayContaining([expect.objectContaining({ error: 'InvalidValue' })]),
        actions: [{ error: 'InvalidValue' }],
      },
    });
    const missing = await send('POST', '/api/v2/triggers.json', { body: { rule: {} } });
    expect(missing.status).toBe(422);
    expect([trigger, missing].flatMap(answerProblems)).toEqual([]);
    expect(zd.emulator.state.automation.triggers.size).toBe(0);
  });

  it('keeps a webhook a trigger notifies (WebhookInUse), and deletes it once the trigger is gone', async () => {
    const webhook = await send('POST', '/api/v2/webhooks', {
      body: { webhook: webhookSettings('http://127.0.0.1:9/') },
    });
    const webhookId = (webhook.responseBody as any).webhook.id as string;
    const trigger = await send('POST', '/api/v2/triggers.json', {
      body: { trigger: triggerNotifying(webhookId) },
    });
    expect([webhook.status, trigger.status]).toEqual([201, 201]);
    const triggerId = (trigger.responseBody as any).trigger.id as number;

    const inUse = await send('DELETE', `/api/v2/webhooks/${webhookId}`);
    expect(inUse.status).toBe(400);
    expect(inUse.responseBody).toMatchObject({ errors: [{ code: 'WebhookInUse' }] });
    expect(zd.emulator.state.automation.webhooks.has(webhookId)).toBe(true);

    const shown = await send('GET', `/api/v2/triggers/${triggerId}.json`);
    const listed = await send('GET', '/api/v2/triggers.json');
    const deleted = await send('DELETE', `/api/v2/triggers/${triggerId}.json`);
    expect([shown.status, listed.status, deleted.status]).toEqual([200, 200, 204]);
    expect([trigger, shown, listed, deleted].flatMap(answerProblems)).toEqual([]);

    expect((await send('DELETE', `/api/v2/webhooks/${webhookId}`)).status).toBe(204);
    expect(zd.emulator.state.automation.webhooks.size).toBe(0);
  });
});
