import { describe, expect, it } from '@jest/globals';
import type { RegistrationRequest } from '@toolsteps/engine';
import { triggerTestContext } from '@toolsteps/engine/testing';
import zendesk, { zendeskWebhooks } from '../../src/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { asAdmin } from './zendesk-admin.js';

const URL = 'http://127.0.0.1:9/toolsteps/hooks/escalate-urgent';

describe("zendeskWebhooks registers a binding's webhook and trigger at Zendesk, idempotently", () => {
  const zd = useZendeskEmulator();
  const request = (overrides: Partial<RegistrationRequest> = {}): RegistrationRequest => ({
    config: {},
    url: URL,
    // Zendesk chooses the signing secret: the one offered is not sent.
    secret: 'offered-secret-never-sent',
    subscribes: ['ticket.status_changed'],
    ...overrides,
  });
  const context = (account = zd.emulator.adminAccount) =>
    triggerTestContext({ integration: zendesk, account, secret: 'offered-secret-never-sent' });
  const webhooks = () => [...zd.emulator.state.automation.webhooks.values()];
  const triggers = () => [...zd.emulator.state.automation.triggers.values()];

  it('creates one webhook for conditional ticket events and one trigger notifying it, and returns Zendesk’s secret', async () => {
    const ctx = await context();

    const { registration, secret } = await zendeskWebhooks.register(request(), ctx);

    expect(
      ctx.exchanges.map((exchange) => `${exchange.method} ${exchange.path.split('?')[0]} ${exchange.status}`),
    ).toEqual([
      'GET /api/v2/webhooks 200',
      'POST /api/v2/webhooks 201',
      'POST /api/v2/triggers.json 201',
      `GET /api/v2/webhooks/${registration.webhookId}/signing_secret 200`,
    ]);
    expect(webhooks()).toEqual([
      expect.objectContaining({
        id: registration.webhookId,
        endpoint: URL,
        http_method: 'POST',
        request_format: 'json',
        status: 'active',
        subscriptions: ['conditional_ticket_events'],
      }),
    ]);
    expect(secret).toBe(webhooks()[0].signingSecret);
    expect(JSON.stringify(ctx.exchanges)).not.toContain('offered-secret-never-sent');
    // Zendesk's own secret came in an answer: scrubbed from that answer's record too.
    expect(JSON.stringify(ctx.exchanges)).not.toContain(String(secret));
    expect(JSON.stringify(ctx.exchanges.at(-1)?.responseBody)).toContain('[REDACTED]');
    const [trigger] = triggers();
    expect(trigger).toMatchObject({
      id: registration.triggerId,
      active: true,
      title: expect.stringContaining(URL),
      conditions: {
        all: [
          { field: 'update_type', operator: 'is', value: 'Change' },
          { field: 'status', operator: 'changed', value: null },
        ],
        any: [],
      },
      actions: [{ field: 'notification_webhook', value: [registration.webhookId, expect.any(String)] }],
    });
    const body = JSON.parse((trigger.actions[0].value as string[])[1]);
    expect(body).toMatchObject({
      toolsteps: { event: 'ticket.status_changed', binding: URL },
      ticket: { id: '{{ticket.id}}', subject: '{{ticket.title}}', status: '{{ticket.status}}' },
    });
  });

  it('finds its webhook and trigger again by URL: a second activation creates nothing', async () => {
    const first = await zendeskWebhooks.register(request(), await context());
    const ctx = await context();

    const again = await zendeskWebhooks.register(request(), ctx);

    expect(again).toEqual(first);
    expect(ctx.exchanges.map((exchange) => exchange.method)).toEqual(['GET', 'PUT', 'GET', 'PUT', 'GET']);
    expect(webhooks()).toHaveLength(1);
    expect(triggers()).toHaveLength(1);
  });

  it('says whether both still stand: ok, changed by hand, or missing; and repairs them in place', async () => {
    const ctx = await context();
    let { registration } = await zendeskWebhooks.register(request(), ctx);
    const inspect = () => zendeskWebhooks.inspect(registration, request(), ctx);
    const { webhookId, triggerId } = registration;
    expect(await inspect()).toBe('ok');

    for (const edit of [
      () =>
        asAdmin(zd.emulator, 'PATCH', `/api/v2/webhooks/${webhookId}`, { webhook: { status: 'inactive' } }),
      () =>
        asAdmin(zd.emulator, 'PATCH', `/api/v2/webhooks/${webhookId}`, {
          webhook: { endpoint: 'http://127.0.0.1:9/elsewhere' },
        }),
      () => asAdmin(zd.emulator, 'PUT', `/api/v2/triggers/${triggerId}.json`, { trigger: { active: false } }),
      () =>
        asAdmin(zd.emulator, 'PUT', `/api/v2/triggers/${triggerId}.json`, {
          trigger: {
            conditions: { all: [{ field: 'priority', operator: 'changed', value: null }] },
            actions: triggers()[0].actions,
          },
        }),
    ]) {
      expect((await edit()).status).toBeLessThan(300);
      expect(await inspect()).toBe('changed');
      // What a reconcile does: register again, handing back the registration found changed.
      ({ registration } = await zendeskWebhooks.register({ ...request(), previous: registration }, ctx));
      expect(registration).toEqual({ webhookId, triggerId });
      expect(await inspect()).toBe('ok');
    }

    await asAdmin(zd.emulator, 'DELETE', `/api/v2/triggers/${triggerId}.json`);
    expect(await inspect()).toBe('changed');
    ({ registration } = await zendeskWebhooks.register({ ...request(), previous: registration }, ctx));
    expect(registration.webhookId).toBe(webhookId);
    expect(registration.triggerId).not.toBe(triggerId);
    expect(triggers()).toHaveLength(1);

    await zendeskWebhooks.unregister(registration, ctx);
    expect(await inspect()).toBe('missing');
  });

  it('deletes the trigger, then the webhook, on unregister; both already gone is no error', async () => {
    const ctx = await context();
    const { registration } = await zendeskWebhooks.register(request(), ctx);

    await zendeskWebhooks.unregister(registration, ctx);
    await zendeskWebhooks.unregister(registration, ctx);

    expect(webhooks()).toEqual([]);
    expect(triggers()).toEqual([]);
    expect(ctx.exchanges.slice(-4).map((exchange) => `${exchange.method} ${exchange.status}`)).toEqual([
      'DELETE 204',
      'DELETE 204',
      'DELETE 404',
      'DELETE 404',
    ]);
  });

  it('refuses an agent with a message asking for an admin, and creates nothing', async () => {
    await expect(
      zendeskWebhooks.register(request(), await context(zd.emulator.account)),
    ).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('must be a Zendesk admin'),
    });
    expect(webhooks()).toEqual([]);
  });

  it('refuses a registration for anything but one ticket event', async () => {
    await expect(
      zendeskWebhooks.register(
        request({ subscribes: ['ticket.created', 'ticket.assigned'] }),
        await context(),
      ),
    ).rejects.toMatchObject({ code: 'validation', message: expect.stringContaining('one ticket event') });
  });
});
