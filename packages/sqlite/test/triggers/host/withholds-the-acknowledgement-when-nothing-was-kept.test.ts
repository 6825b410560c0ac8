import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type BoardSetup,
  boardSetup,
  card,
  temporaryFolder,
} from '../../../../engine/test/triggers/host/host-helpers.js';
import { SqliteTriggerStore } from '../../../src/index.js';

describe('a verified delivery the store cannot keep', () => {
  let setup: BoardSetup;
  let folder: ReturnType<typeof temporaryFolder>;
  beforeEach(async () => {
    setup = await boardSetup();
    folder = temporaryFolder();
  });
  afterEach(async () => {
    await setup.close();
    folder.remove();
  });

  it('is answered 503, so the third party delivers it again, and nothing runs', async () => {
    const store = SqliteTriggerStore.open(join(folder.path, 'triggers.sqlite'));
    const { host, log } = await setup.host({ store });
    await host.activate('triage-new-bugs');
    await host.start();
    await store.close();

    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    expect(answer).toMatchObject({
      status: 503,
      body: { error: 'the delivery could not be stored; try again' },
    });
    expect(log.of('delivery.rejected')).toEqual([expect.objectContaining({ status: 503 })]);
    expect(log.of('delivery.received')).toEqual([]);
    expect(log.of('run.started')).toEqual([]);
  });
});
