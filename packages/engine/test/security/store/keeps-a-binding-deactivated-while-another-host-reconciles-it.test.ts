import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type BoardSetup,
  boardSetup,
  TRIGGER_STORES,
  useTriggerStore,
} from '../../triggers/host/host-helpers.js';

let setup: BoardSetup;
beforeEach(async () => {
  setup = await boardSetup();
});
afterEach(() => setup.close());

/** Resolves once the board emulator has been asked `method path` (its answer may still be on its way). */
async function asked(method: string, path: string): Promise<void> {
  const seen = () => setup.board.emulator.requests.some((r) => r.method === method && r.path === path);
  while (!seen()) await new Promise((resolve) => setTimeout(resolve, 5));
}

// `serve` and `trigger deactivate`: two hosts, each with its own view of the binding, on one store.
describe.each(TRIGGER_STORES)('on the %s store', (_name, open) => {
  const store = useTriggerStore(open);

  it('a binding deactivated (by `trigger deactivate`) while `serve` reconciles it stays deactivated, with no hook left behind', async () => {
    const serving = await setup.host({ store: store() });
    await serving.host.activate('triage-new-bugs');
    const [hook] = setup.board.hooks('roadmap');
    const deactivating = await setup.host({ store: store() });

    // The serving host's look at the hook answers only once the deactivation removed it.
    setup.board.emulator.faults.inject({
      method: 'GET',
      path: `/boards/roadmap/hooks/${hook.id}`,
      delayMs: 3000,
    });
    const reconciled = serving.host.reconcile();
    await asked('GET', `/boards/roadmap/hooks/${hook.id}`);
    await deactivating.host.deactivate('triage-new-bugs');
    // Nothing to report: the binding is as the other process left it.
    expect(await reconciled).toEqual([]);

    expect((await store().activation('triage-new-bugs'))?.status).toBe('inactive');
    expect(setup.board.hooks('roadmap')).toEqual([]);
    expect(serving.log.of('binding.repaired')).toEqual([]);
  });

  it('a binding repaired by `serve` while `trigger deactivate` removes it ends deactivated, its new hook removed too', async () => {
    const serving = await setup.host({ store: store() });
    await serving.host.activate('triage-new-bugs');
    const [hook] = setup.board.hooks('roadmap');
    setup.board.removeHook('roadmap', hook.id);
    const deactivating = await setup.host({ store: store() });

    // The deactivation's removal of the old hook answers only once the repair made a new one.
    setup.board.emulator.faults.inject({
      method: 'DELETE',
      path: `/boards/roadmap/hooks/${hook.id}`,
      delayMs: 3000,
    });
    const deactivated = deactivating.host.deactivate('triage-new-bugs');
    await asked('DELETE', `/boards/roadmap/hooks/${hook.id}`);
    await serving.host.reconcile();
    await deactivated;

    expect((await store().activation('triage-new-bugs'))?.status).toBe('inactive');
    expect(setup.board.hooks('roadmap')).toEqual([]);
  });
});
