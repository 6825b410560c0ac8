import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach } from '@jest/globals';
import {
  createEngine,
  createTriggerHost,
  MemoryTriggerStore,
  type TriggerHost,
  type TriggerHostEvent,
} from '@toolsteps/engine';
import { testStep } from '@toolsteps/engine/testing';
import zendesk, { updateTicket } from '../../src/index.js';
import { createZendeskEmulator, DEMO_TICKETS, type ZendeskEmulator } from '../../src/testing/index.js';
import { writeBindingFiles } from './binding-files.js';

/**
 * A trigger host over the Zendesk emulator, both on the real clock (signatures are checked against
 * it): every binding of `BINDINGS` loaded, none active. `entitled: false` leaves out the Enterprise plan.
 */
export function useTriggerHost(options: { entitled?: boolean } = {}) {
  let emulator: ZendeskEmulator | undefined;
  let host: TriggerHost | undefined;
  let server: Server;
  let publicUrl = '';
  let folder = '';
  let files: string[] = [];
  const events: TriggerHostEvent[] = [];
  beforeAll(async () => {
    emulator = await createZendeskEmulator();
    ({ folder, files } = await writeBindingFiles());
    server = createServer((request, response) => {
      if (host) void host.nodeHandler(request, response);
      else response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/toolsteps`;
  });
  beforeEach(async () => {
    emulator?.resetState();
    emulator?.reset();
    events.length = 0;
    const engine = await createEngine({
      integrations: [zendesk],
      accounts: [emulator!.adminAccount],
      triggerStore: new MemoryTriggerStore(),
      entitlements: options.entitled === false ? [] : ['zendesk.enterprise'],
    });
    host = await createTriggerHost({
      engine,
      bindings: files,
      publicUrl,
      onEvent: (event) => events.push(event),
    });
    await host.start();
  });
  afterEach(async () => {
    await emulator?.webhooksSettled();
    await host?.stop();
    host = undefined;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await emulator?.close();
    await rm(folder, { recursive: true, force: true });
  });
  const world = {
    get emulator(): ZendeskEmulator {
      if (!emulator) throw new Error('The Zendesk emulator is not started yet');
      return emulator;
    },
    get host(): TriggerHost {
      if (!host) throw new Error('No trigger host is serving');
      return host;
    },
    events,
    /** Waits until every webhook the emulator sent has been answered and every run has finished. */
    settled: async () => {
      await emulator?.webhooksSettled();
      await host?.idle();
    },
    /** Activates the status binding and changes a ticket's status: one signed delivery, run. */
    oneStatusDelivery: async () => {
      const activation = await world.host.activate('on-status');
      await testStep(
        updateTicket,
        { ticket_id: DEMO_TICKETS.leakingMachine, status: 'pending' },
        { account: world.emulator.account },
      );
      await world.settled();
      const sent = world.emulator.deliveries.at(-1)!;
      return { activation, sent };
    },
  };
  return world;
}
