import { beforeEach, describe, expect, it } from '@jest/globals';
import type { TriggerHostEvent } from '@toolsteps/engine';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import { THANK_REPORTERS, useGithubTriggerHost } from './trigger-host-world.js';

const HOOKS = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/hooks`;
const FIVE_MINUTES = 5 * 60_000;

describe('a trigger host serving a GitHub hook that is deleted or edited while it runs', () => {
  const gh = useGithubEmulator();
  const world = useGithubTriggerHost(gh, { manualClock: true });
  beforeEach(async () => {
    await world.host.activate(THANK_REPORTERS.id);
    await gh.emulator.webhooksSettled();
  });

  const hookId = async () => (await world.host.store.activation(THANK_REPORTERS.id))?.registration?.hookId;
  /** When the host has told an event of this type, however late. */
  const told = async (type: TriggerHostEvent['type']) => {
    while (!world.events.some((event) => event.type === type))
      await new Promise((resolve) => setImmediate(resolve));
  };
  const inspections = () =>
    gh.emulator.requests.filter((request) => request.method === 'GET' && /\/hooks\/\d+$/.test(request.path));

  it('registers a deleted hook again at the next reconcile, without a restart, and deliveries flow again', async () => {
    const deleted = await hookId();
    await githubHttp(gh.emulator, 'DELETE', `${HOOKS}/${deleted}`);
    // Nothing reaches the host while the hook is gone.
    expect(await world.openIssue('Lost while deleted')).toEqual([]);

    await world.clock.untilSleeping();
    world.clock.advance(FIVE_MINUTES);
    await told('binding.repaired');

    expect(world.events).toContainEqual(
      expect.objectContaining({ type: 'binding.repaired', bindingId: THANK_REPORTERS.id, found: 'missing' }),
    );
    expect(await hookId()).not.toBe(deleted);
    expect(await world.openIssue('Back again')).toEqual([202]);
    const [latest] = await world.host.deliveries({ order: 'newest', limit: 1 });
    expect(latest).toMatchObject({
      status: 'succeeded',
      runs: [expect.objectContaining({ status: 'succeeded' })],
    });
  });

  it('finds nothing to repair while the hook stands, and checks again at each interval', async () => {
    await world.clock.untilSleeping();
    world.clock.advance(FIVE_MINUTES);
    while (inspections().length < 1) await new Promise((resolve) => setImmediate(resolve));
    await world.clock.untilSleeping();
    world.clock.advance(FIVE_MINUTES);
    while (inspections().length < 2) await new Promise((resolve) => setImmediate(resolve));

    expect(world.events.filter((event) => event.type === 'binding.repaired')).toEqual([]);
    expect(await world.openIssue('Still flowing')).toEqual([202]);
  });

  it('repairs at once a hook whose secret was removed, when its unsigned deliveries are refused', async () => {
    const id = await hookId();
    // Edited by hand: the config sent again without its secret, which GitHub then removes.
    await githubHttp(gh.emulator, 'PATCH', `${HOOKS}/${id}`, {
      body: { config: { url: world.host.urlOf(THANK_REPORTERS.id), content_type: 'json' } },
    });
    expect(await world.openIssue('Unsigned')).toEqual([401]);
    await told('binding.repaired');
    expect(world.events).toContainEqual(
      expect.objectContaining({ type: 'binding.repaired', bindingId: THANK_REPORTERS.id, found: 'changed' }),
    );
    expect(await hookId()).toBe(id);

    // Anyone can send a request that fails verification: it brings the check forward once a minute at most.
    const forge = () =>
      fetch(world.host.urlOf(THANK_REPORTERS.id), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'issues',
          'x-github-delivery': 'forged',
          'x-hub-signature-256': 'sha256=00',
        },
        body: '{}',
      });
    const checked = inspections().length;
    for (let n = 0; n < 3; n++) expect((await forge()).status).toBe(401);
    world.clock.advance(61_000);
    expect((await forge()).status).toBe(401);
    // A reconcile asked for by hand waits for those under way: then every check has been made.
    await world.host.reconcile();
    expect(inspections().length).toBe(checked + 2);
  });
});
