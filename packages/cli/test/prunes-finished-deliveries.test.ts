import { statSync } from 'node:fs';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { NewDelivery } from '@toolsteps/engine';
import { SqliteTriggerStore } from '@toolsteps/sqlite';
import { BOARD, useBoardWorld } from './support/board-world.js';
import { runCliHere } from './support/cli-in-process.js';
import { type ServeProcess, startServe } from './support/serve-process.js';

jest.setTimeout(240_000);

const DAY = 24 * 60 * 60_000;

function delivery(id: string): NewDelivery {
  return {
    id,
    bindingId: 'triage-new-bugs',
    source: 'webhook',
    receivedAt: Date.now() - 40 * DAY,
    headers: { 'x-board-event': 'card' },
    rawBody: new TextEncoder().encode('{"action":"created","cards":[]}'),
  };
}

/** A store holding one delivery finished 31 days ago, one finished today, and one never run. */
async function storeWithDeliveries(path: string): Promise<void> {
  const store = SqliteTriggerStore.open(path);
  try {
    for (const [id, finishedAt] of [
      ['old', Date.now() - 31 * DAY],
      ['recent', Date.now()],
    ] as const) {
      await store.commitDelivery(delivery(id));
      await store.startDelivery('triage-new-bugs', id);
      await store.finishDelivery('triage-new-bugs', id, { status: 'skipped', eventsCount: 0, finishedAt });
    }
    await store.commitDelivery(delivery('waiting'));
  } finally {
    await store.close();
  }
}

describe('finished deliveries', () => {
  const world = useBoardWorld({ freshBoardEachTest: true });
  let serving: ServeProcess | undefined;
  afterEach(async () => {
    await serving?.stop();
    serving = undefined;
  });

  const kept = async (store: string) => {
    const listed = await runCliHere([...BOARD, 'deliveries', '--store', store, '--json']);
    expect(listed.code).toBe(0);
    return (JSON.parse(listed.stdout) as Array<{ id: string }>).map((item) => item.id).sort();
  };

  it('are deleted by `deliveries prune` once older than --older-than, those never run kept', async () => {
    const store = world.temp.path('a.sqlite');
    await storeWithDeliveries(store);

    const pruned = await runCliHere(['deliveries', 'prune', '--older-than', '30d', '--store', store]);
    expect(pruned).toMatchObject({ code: 0, stdout: 'Deleted 1 finished delivery older than 30d\n' });
    expect(await kept(store)).toEqual(['recent', 'waiting']);

    const again = await runCliHere(['deliveries', 'prune', '--older-than', '0s', '--store', store, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ deleted: 1, before: expect.any(String) });
    expect(await kept(store)).toEqual(['waiting']);
  });

  it('are deleted by serve at start once older than --keep, beside a spool for what the store cannot take', async () => {
    const store = world.temp.path('b.sqlite');
    await storeWithDeliveries(store);

    serving = startServe([...world.serveArgs('b.sqlite'), '--keep', '30d']);
    const pruned = await serving.waitForLine((line) => line.type === 'deliveries.pruned');
    expect(pruned).toMatchObject({ bindingId: 'triage-new-bugs', count: 1 });
    await serving.ready();
    expect(statSync(`${store}.spool`).mode & 0o777).toBe(0o700);
    await serving.stop();
    serving = undefined;
    expect(await kept(store)).toEqual(['recent', 'waiting']);
  });

  it.each([
    [
      ['deliveries', 'prune', '--older-than', 'soon'],
      '--older-than: "soon" is not a duration such as 30d, 12h or 90m',
    ],
    [['deliveries', 'prune', '--older-than', '-1d'], '--older-than: a duration of 0 or more is needed'],
    [['serve', 'x.binding.json', '--keep', 'abc'], '--keep: "abc" is not a duration such as 30d, 12h or 90m'],
    [['serve', 'x.binding.json', '--keep', '-5d'], '--keep: a duration of 0 or more is needed'],
    [
      ['serve', 'x.binding.json', '--reconcile-every', 'often'],
      '--reconcile-every: "often" is not a duration',
    ],
    [
      ['serve', 'x.binding.json', '--reconcile-every', '10ms'],
      '--reconcile-every: 10ms is too short: give 1s or more',
    ],
  ])('are refused a bad duration with exit 2 before anything starts: %j', async (args, message) => {
    const refused = await runCliHere([...args, '--store', world.temp.path('never.sqlite')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(message);
  });
});
