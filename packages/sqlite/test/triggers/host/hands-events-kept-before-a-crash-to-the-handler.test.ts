import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { deliveryRunId } from '@toolsteps/engine';
import {
  AGENT_ON_BUGS,
  bindingSource,
  RecordingHandler,
} from '../../../../engine/test/triggers/host/handler-helpers.js';
import {
  type BoardSetup,
  boardSetup,
  card,
  temporaryFolder,
} from '../../../../engine/test/triggers/host/host-helpers.js';
import { SqliteTriggerStore } from '../../../src/index.js';

describe('an event of a handler binding kept before a crash', () => {
  let setup: BoardSetup;
  let folder: ReturnType<typeof temporaryFolder>;
  let path: string;
  beforeEach(async () => {
    setup = await boardSetup();
    folder = temporaryFolder();
    path = join(folder.path, 'triggers.sqlite');
  });
  afterEach(async () => {
    await setup.close();
    folder.remove();
  });

  /** A host on the store at `path` serving AGENT_ON_BUGS (or, `added`, nothing until the runtime adds it). */
  const hostOn = (store: SqliteTriggerStore, handler: RecordingHandler, added = false) =>
    setup.host({
      store,
      bindings: added ? [] : [bindingSource(AGENT_ON_BUGS)],
      handlers: { startAgent: handler.handle },
    });

  it('is handed over once when a new host opens the same store', async () => {
    const before = SqliteTriggerStore.open(path);
    const dying = new RecordingHandler();
    const { host: first } = await hostOn(before, dying);
    await first.activate(AGENT_ON_BUGS.id);
    // Acknowledged, then the process goes before handing it over.
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    expect(answer.status).toBe(202);
    await first.stop();
    await before.close();

    const after = SqliteTriggerStore.open(path);
    const handler = new RecordingHandler();
    const { host } = await hostOn(after, handler);
    await host.start();
    await host.idle();

    const delivery = await after.delivery(AGENT_ON_BUGS.id, answer.id);
    expect(dying.calls).toEqual([]);
    expect(handler.calls.map((call) => [call.input, call.context.runId, call.context.attempt])).toEqual([
      [{ cardId: 11, title: 'Crash on save', urgent: false }, deliveryRunId(delivery!, 0), 1],
    ]);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
    await host.stop();
    await after.close();
  });

  it('is handed over again, under the same run id, when the host stopped while the handler was cut off', async () => {
    const before = SqliteTriggerStore.open(path);
    const cutOff = new RecordingHandler();
    const { host: first } = await hostOn(before, cutOff);
    await first.activate(AGENT_ON_BUGS.id);
    await first.start();
    cutOff.hold();
    // The handler gives up when the host stops, as its signal asks.
    cutOff.failNext(new Error('interrupted by the shutdown'));
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await cutOff.called(1);
    const stopping = first.stop();
    cutOff.release();
    await stopping;
    expect(await before.delivery(AGENT_ON_BUGS.id, answer.id)).toMatchObject({ status: 'running', runs: [] });
    await before.close();

    const after = SqliteTriggerStore.open(path);
    const handler = new RecordingHandler();
    const { host } = await hostOn(after, handler);
    await host.start();
    await host.idle();

    expect(cutOff.calls[0].context.signal.aborted).toBe(true);
    expect(handler.calls.map((call) => [call.context.runId, call.context.attempt])).toEqual([
      [cutOff.calls[0].context.runId, 2],
    ]);
    expect(await after.delivery(AGENT_ON_BUGS.id, answer.id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
    });
    await host.stop();
    await after.close();
  });

  it('is handed over once the runtime adds its binding again to the started host', async () => {
    const before = SqliteTriggerStore.open(path);
    const { host: first } = await hostOn(before, new RecordingHandler());
    await first.activate(AGENT_ON_BUGS.id);
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await first.stop();
    await before.close();

    const after = SqliteTriggerStore.open(path);
    const handler = new RecordingHandler();
    const { host } = await hostOn(after, handler, true);
    await host.start();
    await host.idle();
    expect(handler.calls).toEqual([]);
    await host.addBinding(bindingSource(AGENT_ON_BUGS));
    await host.idle();

    expect(handler.calls.map((call) => call.context.deliveryId)).toEqual([answer.id]);
    // Activated already: its hook was inspected and kept, not made twice.
    expect(setup.board.hooks('roadmap')).toHaveLength(1);
    await host.stop();
    await after.close();
  });
});
