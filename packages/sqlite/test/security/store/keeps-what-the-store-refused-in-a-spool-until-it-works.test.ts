import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DeliverySpool, MemoryTriggerStore, type NewDelivery } from '@toolsteps/engine';
import { ManualClock } from '@toolsteps/engine/testing';
import {
  type BoardSetup,
  boardSetup,
  card,
  LinesLogger,
  temporaryFolder,
} from '../../../../engine/test/triggers/host/host-helpers.js';
import { SqliteTriggerStore } from '../../../src/index.js';

/** A store whose disk fails while `failing`: every commit of a delivery throws, as SQLite's would. */
class StoreWithFailingDisk extends MemoryTriggerStore {
  failing = false;
  override async commitDelivery(delivery: NewDelivery) {
    if (this.failing) throw new Error('SQLITE_FULL: database or disk is full');
    return super.commitDelivery(delivery);
  }
}

describe('a verified delivery the trigger store cannot keep', () => {
  let setup: BoardSetup;
  let folder: ReturnType<typeof temporaryFolder>;
  let logger: LinesLogger;
  let clock: ManualClock;
  beforeEach(async () => {
    logger = new LinesLogger();
    clock = new ManualClock();
    setup = await boardSetup({ logger, clock });
    folder = temporaryFolder();
  });
  afterEach(async () => {
    await setup.close();
    folder.remove();
  });

  const storePath = () => join(folder.path, 'triggers.sqlite');
  const spoolPath = () => `${storePath()}.spool`;
  const comments = (cardId: number) =>
    setup.board.emulator.requests.filter(
      (r) => r.method === 'POST' && r.path === `/cards/${cardId}/comments`,
    );

  it('is kept in an owner-only spool and acknowledged, then run once by the next host on a store that works', async () => {
    const broken = SqliteTriggerStore.open(storePath());
    const first = await setup.host({ store: broken, spool: DeliverySpool.open(spoolPath()) });
    await first.host.activate('triage-new-bugs');
    await first.host.start();
    // The store fails for real: closed under the host, as a lost disk would leave it.
    await broken.close();

    const [sent] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    expect(sent.status).toBe(202);
    expect(first.log.of('delivery.spooled')).toEqual([
      expect.objectContaining({ deliveryId: sent.id, reason: expect.stringContaining('store') }),
    ]);
    // Sent again while the store still fails: kept once.
    expect((await setup.board.redeliver(sent.id)).status).toBe(200);
    expect(first.log.of('delivery.duplicate')).toEqual([expect.objectContaining({ deliveryId: sent.id })]);
    expect(first.log.of('run.started')).toEqual([]);

    const files = readdirSync(spoolPath());
    expect(files).toHaveLength(1);
    expect(statSync(spoolPath()).mode & 0o777).toBe(0o700);
    expect(statSync(join(spoolPath(), files[0])).mode & 0o777).toBe(0o600);
    const spooled = readFileSync(join(spoolPath(), files[0]), 'utf8');
    expect(spooled).toContain('Crash on save');
    expect(spooled).toContain('x-board-event');
    expect(spooled).not.toContain('signature');
    await first.host.stop();

    // Restarted on the same file, which works again.
    const store = SqliteTriggerStore.open(storePath());
    try {
      const second = await setup.host({ store, spool: DeliverySpool.open(spoolPath()) });
      await second.host.start();
      await second.log.next('delivery.finished', (event) => event.deliveryId === sent.id);
      await second.host.idle();
      expect(await store.delivery('triage-new-bugs', sent.id)).toMatchObject({
        status: 'succeeded',
        attempts: 1,
      });
      expect(readdirSync(spoolPath())).toEqual([]);
      expect(comments(11)).toHaveLength(1);

      // A redelivery now finds it in the store: not run twice.
      expect((await setup.board.redeliver(sent.id)).status).toBe(200);
      await second.host.idle();
      expect(comments(11)).toHaveLength(1);
      await second.host.stop();
    } finally {
      await store.close();
    }
  });

  it('is moved into the store and run once the store works again, without a restart', async () => {
    const store = new StoreWithFailingDisk();
    const { host, log } = await setup.host({ store, spool: DeliverySpool.open(spoolPath()) });
    await host.activate('triage-new-bugs');
    await host.start();

    store.failing = true;
    const [sent] = await setup.board.createCards('roadmap', [card(21, 'Lost disk')]);
    expect(sent.status).toBe(202);
    expect(log.of('delivery.spooled')).toHaveLength(1);

    // Still failing at the first retry: it waits in the spool.
    clock.advance(30_000);
    await clock.untilSleeping(2);
    expect(await store.delivery('triage-new-bugs', sent.id)).toBeUndefined();

    store.failing = false;
    clock.advance(30_000);
    await log.next('delivery.finished', (event) => event.deliveryId === sent.id);
    await host.idle();
    expect(await store.delivery('triage-new-bugs', sent.id)).toMatchObject({ status: 'succeeded' });
    expect(readdirSync(spoolPath())).toEqual([]);
    expect(comments(21)).toHaveLength(1);
  });

  it('is still moved into the store when a file spooled before it was removed by someone else', async () => {
    const store = new StoreWithFailingDisk();
    const { host, log } = await setup.host({ store, spool: DeliverySpool.open(spoolPath()) });
    await host.activate('triage-new-bugs');
    await host.start();

    store.failing = true;
    const [gone] = await setup.board.createCards('roadmap', [card(41, 'Taken by hand')]);
    clock.advance(1);
    const [kept] = await setup.board.createCards('roadmap', [card(42, 'Left in the spool')]);
    expect([gone.status, kept.status]).toEqual([202, 202]);
    // The older one's file, removed by hand (or by another host draining the same spool).
    const [oldest] = readdirSync(spoolPath()).sort();
    rmSync(join(spoolPath(), oldest));

    store.failing = false;
    clock.advance(30_000);
    await log.next('delivery.finished', (event) => event.deliveryId === kept.id);
    await host.idle();
    expect(await store.delivery('triage-new-bugs', kept.id)).toMatchObject({ status: 'succeeded' });
    expect(await store.delivery('triage-new-bugs', gone.id)).toBeUndefined();
    expect(readdirSync(spoolPath())).toEqual([]);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ file: oldest }) }),
    );
  });

  it('is answered 503 when the spool cannot keep it either, naming the delivery to send again', async () => {
    const store = new StoreWithFailingDisk();
    // Room for no body at all: the spool is full.
    const spool = DeliverySpool.open(spoolPath(), { maxBytes: 16 });
    const { host, log } = await setup.host({ store, spool });
    await host.activate('triage-new-bugs');
    await host.start();

    store.failing = true;
    const [sent] = await setup.board.createCards('roadmap', [card(31, 'Nowhere to go')]);
    expect(sent.status).toBe(503);
    const [unkept] = log.of('delivery.unkept');
    expect(unkept).toMatchObject({
      bindingId: 'triage-new-bugs',
      deliveryId: sent.id,
      event: 'card',
      reason: expect.stringMatching(/store failed: SQLITE_FULL.*the spool too: .*full/),
    });
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        fields: expect.objectContaining({ bindingId: 'triage-new-bugs', deliveryId: sent.id, event: 'card' }),
      }),
    );
    expect(readdirSync(spoolPath())).toEqual([]);

    // Sent again once the store works, it is kept and run: nothing was half kept.
    store.failing = false;
    expect((await setup.board.redeliver(sent.id)).status).toBe(202);
    await host.idle();
    expect(comments(31)).toHaveLength(1);
  });
});
