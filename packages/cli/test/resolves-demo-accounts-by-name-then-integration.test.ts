import { describe, expect, it } from '@jest/globals';
import type { ConnectedAccount } from '@toolsteps/engine';
import { DemoVault } from '../src/demo-vault.js';

const account = (id: string, name: string, integration = 'desk'): ConnectedAccount => ({
  id,
  integration,
  name,
  settings: {},
  credentials: { token: `${id}-token` },
});

describe("the emulators' demo vault", () => {
  const agent = account('desk-agent', 'Desk agent');
  const admin = account('desk-admin', 'Desk admin');
  const vault = () => new DemoVault([agent, admin, account('board-demo', 'Board', 'board')]);

  it('gives the demo account of the name asked for, else the integration’s first', async () => {
    expect((await vault().get({ integration: 'desk', name: 'Desk admin' })).id).toBe('desk-admin');
    expect((await vault().get({ integration: 'desk', name: 'Production desk' })).id).toBe('desk-agent');
    expect((await vault().get({ id: 'desk-admin' })).id).toBe('desk-admin');
    await expect(vault().get({ integration: 'mail', name: 'Inbox' })).rejects.toThrow(
      'No emulator demo mail account',
    );
  });

  it('lists one account per integration, so a step naming none is never told that several are connected', async () => {
    expect((await vault().list('desk')).map((summary) => summary.id)).toEqual(['desk-agent']);
  });

  it('keeps a refreshed account where it was found', async () => {
    const demo = vault();
    await demo.update({ ...admin, credentials: { token: 'refreshed' } });
    expect((await demo.get({ integration: 'desk', name: 'Desk admin' })).credentials).toEqual({
      token: 'refreshed',
    });
    expect((await demo.get({ integration: 'desk', name: 'anything' })).credentials).toEqual(
      agent.credentials,
    );
  });
});
