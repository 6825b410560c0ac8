import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type BoardSetup, boardSetup, card } from './host-helpers.js';

describe('activating a webhook binding', () => {
  let setup: BoardSetup;
  beforeEach(async () => {
    setup = await boardSetup();
  });
  afterEach(() => setup.close());

  it('registers one hook at the binding URL with a fresh secret, and reuses both when asked again', async () => {
    const { host, log } = await setup.host();
    const first = await host.activate('triage-new-bugs');
    const again = await host.activate('triage-new-bugs');

    const hooks = setup.board.hooks('roadmap');
    expect(hooks).toEqual([
      {
        id: 1,
        board: 'roadmap',
        url: `${setup.publicUrl}/hooks/triage-new-bugs`,
        secret: first.secret,
        events: ['card'],
      },
    ]);
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      bindingId: 'triage-new-bugs',
      trigger: 'board.new_card',
      account: 'Demo board',
      status: 'active',
      registration: { board: 'roadmap', hookId: 1 },
    });
    expect(log.of('binding.activated')).toHaveLength(1);
    expect(JSON.stringify(log.events)).not.toContain(first.secret);
  });

  it('is repaired by reconcile when its hook was deleted or edited by hand', async () => {
    const { host, log } = await setup.host();
    const activation = await host.activate('triage-new-bugs');
    await host.start();
    expect(await host.reconcile()).toEqual([{ bindingId: 'triage-new-bugs', found: 'ok' }]);

    setup.board.removeHook('roadmap', 1);
    expect(await setup.board.createCards('roadmap', [card(11, 'Lost')])).toEqual([]);
    expect(await host.reconcile()).toEqual([{ bindingId: 'triage-new-bugs', found: 'missing' }]);
    const [repaired] = setup.board.hooks('roadmap');
    expect(repaired).toMatchObject({
      url: `${setup.publicUrl}/hooks/triage-new-bugs`,
      secret: activation.secret,
    });
    expect((await host.store.activation('triage-new-bugs'))?.registration).toEqual({
      board: 'roadmap',
      hookId: repaired.id,
    });
    expect(log.of('binding.repaired')).toEqual([expect.objectContaining({ found: 'missing' })]);

    // Deliveries through the repaired hook verify and run.
    const [answer] = await setup.board.createCards('roadmap', [card(12, 'Found again')]);
    expect(answer.status).toBe(202);
    await host.idle();
    expect(await host.deliveries()).toEqual([
      expect.objectContaining({ id: answer.id, status: 'succeeded' }),
    ]);
  });

  it('is undone by deactivate: the hook is deleted and deliveries to its URL refused', async () => {
    const { host, log } = await setup.host();
    const activation = await host.activate('triage-new-bugs');
    await host.deactivate('triage-new-bugs');
    await host.deactivate('triage-new-bugs');
    expect(setup.board.hooks('roadmap')).toEqual([]);
    expect(await host.store.activation('triage-new-bugs')).toEqual({
      bindingId: 'triage-new-bugs',
      trigger: 'board.new_card',
      account: 'Demo board',
      status: 'inactive',
      activatedAt: activation.activatedAt,
    });
    expect(log.of('binding.deactivated')).toHaveLength(1);
    expect(await host.reconcile()).toEqual([]);

    const response = await fetch(`${setup.publicUrl}/hooks/triage-new-bugs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
  });

  it('activates anew after a deactivation, with a new secret', async () => {
    const { host } = await setup.host();
    const first = await host.activate('triage-new-bugs');
    await host.deactivate('triage-new-bugs');
    const second = await host.activate('triage-new-bugs');
    expect(second.secret).not.toBe(first.secret);
    expect(setup.board.hooks('roadmap')).toEqual([expect.objectContaining({ secret: second.secret })]);
  });
});
