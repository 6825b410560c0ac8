import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createZendeskEmulator, DEMO_TICKETS, type ZendeskEmulator } from '../../src/testing/index.js';
import { asAdmin } from '../triggers/zendesk-admin.js';

/**
 * A webhook's endpoint is set through the emulator's API, so it must not make the emulator POST
 * elsewhere than this machine's loopback unless it was told. The receiver here listens on every
 * interface, and the webhook names it by this machine's network address: only the emulator's rule
 * keeps the invocation from arriving.
 */
describe('the Zendesk emulator delivers webhooks to loopback only, unless told', () => {
  let server: Server;
  let received: number;
  let networkUrl: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      received += 1;
      request.resume();
      response.writeHead(200, { connection: 'close' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    networkUrl = `http://${networkAddress()}:${(server.address() as AddressInfo).port}/zendesk`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  let emulator: ZendeskEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
  });

  /** A webhook at `endpoint` that a trigger notifies on any ticket change; then one change. */
  const notifyOnAChange = async (zendesk: ZendeskEmulator) => {
    received = 0;
    const webhook = await asAdmin(zendesk, 'POST', '/api/v2/webhooks', {
      webhook: {
        name: 'Elsewhere',
        endpoint: networkUrl,
        http_method: 'POST',
        request_format: 'json',
        status: 'active',
        subscriptions: ['conditional_ticket_events'],
      },
    });
    const trigger = await asAdmin(zendesk, 'POST', '/api/v2/triggers.json', {
      trigger: {
        title: 'Tell elsewhere',
        conditions: { all: [{ field: 'update_type', operator: 'is', value: 'Change' }] },
        actions: [
          { field: 'notification_webhook', value: [webhook.body.webhook.id, '{"ticket": "{{ticket.id}}"}'] },
        ],
      },
    });
    const changed = await asAdmin(
      zendesk,
      'PUT',
      `/api/v2/tickets/${DEMO_TICKETS.leakingMachine}/tags.json`,
      {
        tags: ['vip'],
      },
    );
    expect([webhook.status, trigger.status, changed.status]).toEqual([201, 201, 200]);
    await zendesk.webhooksSettled();
  };

  it('logs an invocation to another host failed, saying why, sending nothing', async () => {
    emulator = await createZendeskEmulator();
    await notifyOnAChange(emulator);

    expect(received).toBe(0);
    expect(emulator.deliveries.map(({ status, error }) => ({ status, error }))).toEqual([
      {
        status: 'failed',
        error: expect.stringContaining(`not delivered: ${networkAddress()} is not loopback`),
      },
    ]);
  });

  it('delivers to the hosts it is told', async () => {
    emulator = await createZendeskEmulator({ hookHosts: [networkAddress()] });
    await notifyOnAChange(emulator);

    expect(received).toBe(1);
    expect(emulator.deliveries.map(({ status }) => status)).toEqual(['delivered']);
  });
});

/** This machine's first IPv4 address that is not loopback: reachable here, yet not by a loopback name. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((candidate) => candidate?.family === 'IPv4' && !candidate.internal)?.address;
  if (address === undefined)
    throw new Error('This test needs a network interface besides loopback (ip addr shows none)');
  return address;
}
