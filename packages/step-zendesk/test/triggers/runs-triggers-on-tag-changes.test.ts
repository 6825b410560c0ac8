import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/steps/api-call.js';
import { DEMO_ACCOUNT_ID, DEMO_TICKETS } from '../../src/testing/index.js';
import { startLoopbackReceiver } from '../webhooks/loopback-receiver.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { asAdmin } from './zendesk-admin.js';

type Json = any;

const TAGS = `/api/v2/tickets/${DEMO_TICKETS.leakingMachine}/tags.json`;

/**
 * A change through the tags endpoints is a ticket update like any other, so Zendesk runs the
 * account's triggers over it: here one notifying a webhook while the ticket is tagged `vip`.
 */
describe('tag changes run the ticket triggers', () => {
  const zd = useZendeskEmulator();
  let receiver: Awaited<ReturnType<typeof startLoopbackReceiver>>;
  beforeAll(async () => {
    receiver = await startLoopbackReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(async () => {
    receiver.received.length = 0;
    const webhook = await asAdmin(zd.emulator, 'POST', '/api/v2/webhooks', {
      webhook: {
        name: 'VIP desk',
        endpoint: receiver.url,
        http_method: 'POST',
        request_format: 'json',
        status: 'active',
        subscriptions: ['conditional_ticket_events'],
      },
    });
    const trigger = await asAdmin(zd.emulator, 'POST', '/api/v2/triggers.json', {
      trigger: {
        title: 'Tell the VIP desk',
        conditions: {
          all: [
            { field: 'update_type', operator: 'is', value: 'Change' },
            { field: 'current_tags', operator: 'includes', value: 'vip' },
          ],
        },
        actions: [
          {
            field: 'notification_webhook',
            value: [webhook.body.webhook.id, '{"ticket": "{{ticket.id}}", "tags": "{{ticket.tags}}"}'],
          },
        ],
      },
    });
    expect([webhook.status, trigger.status]).toEqual([201, 201]);
  });

  /** Changes the tags as Marco, an agent, through the engine; then what the webhook received. */
  const changeTags = async (method: 'PUT' | 'POST' | 'DELETE', tags: string[]) => {
    const outcome = await zd.run<Json>(apiCall, { method, endpoint: TAGS, body: { tags } });
    expect(outcome.error).toBeUndefined();
    await zd.emulator.webhooksSettled();
    return receiver.received.map((request) => JSON.parse(request.body));
  };

  it('notifies once a PUT adds the tag, and not after a DELETE removes it', async () => {
    expect(zd.emulator.state.tickets.get(DEMO_TICKETS.leakingMachine)?.tags).not.toContain('vip');
    expect(await changeTags('PUT', ['vip'])).toEqual([
      { ticket: String(DEMO_TICKETS.leakingMachine), tags: expect.stringContaining('vip') },
    ]);
    expect(receiver.received[0].headers['x-zendesk-account-id']).toBe(String(DEMO_ACCOUNT_ID));

    expect(await changeTags('DELETE', ['vip'])).toHaveLength(1);
    expect(zd.emulator.state.tickets.get(DEMO_TICKETS.leakingMachine)?.tags).not.toContain('vip');
    // A redelivery names the same account.
    const again = zd.emulator.redeliverWebhook(zd.emulator.deliveries[0].invocationId);
    expect(again.headers['x-zendesk-account-id']).toBe(String(DEMO_ACCOUNT_ID));
    await zd.emulator.webhooksSettled();
  });

  it('notifies when a POST sets the tags to include it', async () => {
    expect(await changeTags('POST', ['vip', 'espresso_machines'])).toEqual([
      { ticket: String(DEMO_TICKETS.leakingMachine), tags: 'vip espresso_machines' },
    ]);
  });

  it('does not notify for tag changes without it', async () => {
    expect(await changeTags('PUT', ['descaling'])).toEqual([]);
  });
});
