import { describe, expect, it } from '@jest/globals';
import { testStep } from '@toolsteps/engine/testing';
import { createTicket } from '../../src/index.js';
import { useTriggerHost } from './trigger-host-world.js';

describe('a host without the Zendesk Enterprise plan', () => {
  const world = useTriggerHost({ entitled: false });

  it('refuses to activate a Zendesk trigger, saying which plan and how to grant it, and creates nothing', async () => {
    await expect(world.host.activate('on-new-ticket')).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining(
        'trigger "zendesk.new_ticket" requires Zendesk Enterprise plan (zendesk.enterprise)',
      ),
    });
    expect(world.emulator.requests.filter((request) => /webhooks|triggers/.test(request.path))).toEqual([]);
    expect(world.emulator.state.automation.webhooks.size).toBe(0);
    expect(world.emulator.state.automation.triggers.size).toBe(0);
    expect(await world.host.store.activation('on-new-ticket')).toBeUndefined();
  });

  it('still runs the steps', async () => {
    const outcome = await testStep(
      createTicket,
      { subject: 'Loyalty card not scanning', description: 'At the Harbor St store.' },
      { account: world.emulator.account },
    );

    expect(outcome.error).toBeUndefined();
    expect(world.emulator.deliveries).toEqual([]);
  });
});
