import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type DeliveryStatus,
  MemoryTriggerStore,
  type NewDelivery,
  type TriggerStore,
} from '@toolsteps/engine';
import { ManualClock } from '@toolsteps/engine/testing';
import {
  type BoardSetup,
  boardSetup,
  TRIGGER_STORES,
  temporaryFolder,
  useTriggerStore,
} from '../../../../engine/test/triggers/host/host-helpers.js';
import { SqliteTriggerStore } from '../../../src/index.js';

const DAY = 24 * 60 * 60_000;
const NOW = Date.parse('2030-01-31T00:00:00Z');

function delivery(id: string, bindingId = 'triage', bodyBytes = 16): NewDelivery {
  return {
    id,
    bindingId,
    source: 'webhook',
    receivedAt: NOW - 40 * DAY,
    headers: { 'x-board-event': 'card' },
    rawBody: new Uint8Array(bodyBytes).fill(0x20),
  };
}

/** Commits a delivery and takes it to `status`, finished `finishedAt` when it is a finished one. */
async function keep(store: TriggerStore, item: NewDelivery, status: DeliveryStatus, finishedAt = NOW) {
  await store.commitDelivery(item);
  if (status === 'received') return;
  await store.startDelivery(item.bindingId, item.id);
  if (status === 'running') return;
  await store.finishDelivery(item.bindingId, item.id, { status, eventsCount: 1, finishedAt });
}

describe.each(TRIGGER_STORES)('pruning the %s trigger store', (_name, open) => {
  const store = useTriggerStore(open);

  it('deletes deliveries finished before the date, never one waiting or running', async () => {
    await keep(store(), delivery('succeeded-old'), 'succeeded', NOW - 31 * DAY);
    await keep(store(), delivery('skipped-old'), 'skipped', NOW - 31 * DAY);
    await keep(store(), delivery('failed-old'), 'failed', NOW - 31 * DAY);
    await keep(store(), delivery('succeeded-recent'), 'succeeded', NOW - DAY);
    await keep(store(), delivery('received-old'), 'received');
    await keep(store(), delivery('running-old'), 'running');

    expect(await store().pruneDeliveries(NOW - 30 * DAY)).toBe(3);
    expect((await store().deliveries()).map((item) => item.id)).toEqual([
      'succeeded-recent',
      'received-old',
      'running-old',
    ]);
    // Forgotten for good: the same id is a new delivery now.
    expect(await store().commitDelivery(delivery('succeeded-old'))).toBe('committed');
  });

  it("deletes only the binding's when one is named", async () => {
    await keep(store(), delivery('d-1', 'triage'), 'succeeded', NOW - 31 * DAY);
    await keep(store(), delivery('d-1', 'other'), 'succeeded', NOW - 31 * DAY);

    expect(await store().pruneDeliveries(NOW - 30 * DAY, 'other')).toBe(1);
    expect((await store().deliveries()).map((item) => item.bindingId)).toEqual(['triage']);
  });

  it('deletes a backlog larger than one prune transaction', async () => {
    await Promise.all(
      Array.from({ length: 450 }, (_, n) => keep(store(), delivery(`d-${n}`), 'skipped', NOW - 31 * DAY)),
    );
    expect(await store().pruneDeliveries(NOW - 30 * DAY)).toBe(450);
    expect(await store().deliveries()).toEqual([]);
  });
});

describe('the SQLite trigger store', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  beforeEach(() => {
    folder = temporaryFolder();
  });
  afterEach(() => folder.remove());

  it('gives the space of pruned deliveries back to the file system', async () => {
    const path = join(folder.path, 'triggers.sqlite');
    const store = SqliteTriggerStore.open(path);
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        keep(store, delivery(`big-${n}`, 'triage', 256 * 1024), 'succeeded', NOW - 31 * DAY),
      ),
    );
    await keep(store, delivery('small'), 'received');
    await store.close();
    const full = statSync(path).size;
    expect(full).toBeGreaterThan(40 * 256 * 1024);

    const reopened = SqliteTriggerStore.open(path);
    expect(await reopened.pruneDeliveries(NOW - 30 * DAY)).toBe(40);
    await reopened.close();
    expect(statSync(path).size).toBeLessThan(full / 10);
  });
});

describe('a trigger host that keeps deliveries for a time', () => {
  let setup: BoardSetup;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = new ManualClock(NOW);
    setup = await boardSetup({ clock });
  });
  afterEach(() => setup.close());

  it("deletes its bindings' finished deliveries older than that at start, then every hour", async () => {
    const store = new MemoryTriggerStore();
    await keep(store, delivery('old', 'triage-new-bugs'), 'succeeded', NOW - 31 * DAY);
    await keep(store, delivery('recent', 'triage-new-bugs'), 'succeeded', NOW - DAY);
    await keep(store, delivery('elsewhere', 'not-served-here'), 'succeeded', NOW - 31 * DAY);
    const { host, log } = await setup.host({ store, keepDeliveriesMs: 30 * DAY });

    await host.start();
    await log.next('deliveries.pruned');
    expect(log.of('deliveries.pruned')).toEqual([
      expect.objectContaining({ bindingId: 'triage-new-bugs', count: 1, before: NOW - 30 * DAY }),
    ]);
    expect((await store.deliveries()).map((item) => item.id)).toEqual(['recent', 'elsewhere']);

    // The hourly prune, a month on: the recent one is old now.
    await clock.untilSleeping();
    clock.advance(30 * DAY);
    await log.next('deliveries.pruned', (event) => event.before === NOW);
    // Another host's binding's are left to that host (or `deliveries prune`).
    expect((await store.deliveries()).map((item) => item.id)).toEqual(['elsewhere']);
  });
});
