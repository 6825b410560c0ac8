import { describe, expect, it } from '@jest/globals';
import { testStep } from '@toolsteps/engine/testing';
import { updateTicket } from '../../src/index.js';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { useTriggerHost } from './trigger-host-world.js';
import { asAdmin } from './zendesk-admin.js';

describe("a reconcile repairs a binding's webhook and trigger edited or deleted by hand", () => {
  const world = useTriggerHost();
  const changeStatus = async (status: string) => {
    await testStep(
      updateTicket,
      { ticket_id: DEMO_TICKETS.leakingMachine, status },
      { account: world.emulator.account },
    );
    await world.settled();
    return (await world.host.deliveries({ bindingId: 'on-status' })).length;
  };

  it.each([
    [
      'webhook deactivated',
      (ids: any) =>
        asAdmin(world.emulator, 'PATCH', `/api/v2/webhooks/${ids.webhookId}`, {
          webhook: { status: 'inactive' },
        }),
    ],
    [
      'trigger deactivated',
      (ids: any) =>
        asAdmin(world.emulator, 'PUT', `/api/v2/triggers/${ids.triggerId}.json`, {
          trigger: { active: false },
        }),
    ],
  ])('repairs in place (%s): same ids, and deliveries flow again', async (_, edit) => {
    const activation = await world.host.activate('on-status');
    await edit(activation.registration);
    expect(await changeStatus('pending')).toBe(0);

    expect(await world.host.reconcile()).toEqual([{ bindingId: 'on-status', found: 'changed' }]);

    expect(await world.host.store.activation('on-status')).toEqual(activation);
    expect(await changeStatus('open')).toBe(1);
  });

  it('recreates the trigger deleted by hand, keeping the webhook and its secret', async () => {
    const activation = await world.host.activate('on-status');
    await asAdmin(world.emulator, 'DELETE', `/api/v2/triggers/${activation.registration?.triggerId}.json`);

    expect(await world.host.reconcile()).toEqual([{ bindingId: 'on-status', found: 'changed' }]);

    const repaired = await world.host.store.activation('on-status');
    expect(repaired?.registration?.webhookId).toBe(activation.registration?.webhookId);
    expect(repaired?.secret).toBe(activation.secret);
    expect(await changeStatus('pending')).toBe(1);
  });

  it('registers both anew when both were deleted, with the new webhook’s secret', async () => {
    const activation = await world.host.activate('on-status');
    await asAdmin(world.emulator, 'DELETE', `/api/v2/triggers/${activation.registration?.triggerId}.json`);
    await asAdmin(world.emulator, 'DELETE', `/api/v2/webhooks/${activation.registration?.webhookId}`);

    expect(await world.host.reconcile()).toEqual([{ bindingId: 'on-status', found: 'missing' }]);

    const repaired = await world.host.store.activation('on-status');
    expect(repaired?.registration?.webhookId).not.toBe(activation.registration?.webhookId);
    expect(await changeStatus('pending')).toBe(1);
  });

  it('deactivation removes both', async () => {
    await world.host.activate('on-status');
    await world.host.activate('on-status');
    expect(world.emulator.state.automation.webhooks.size).toBe(1);

    await world.host.deactivate('on-status');

    expect(world.emulator.state.automation.webhooks.size).toBe(0);
    expect(world.emulator.state.automation.triggers.size).toBe(0);
  });
});
