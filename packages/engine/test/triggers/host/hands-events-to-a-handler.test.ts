import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { deliveryRunId } from '../../../src/index.js';
import { AGENT_ON_BUGS, bindingSource, RecordingHandler } from './handler-helpers.js';
import { type BoardSetup, boardSetup, card } from './host-helpers.js';

describe('a binding that hands its events to a handler', () => {
  let setup: BoardSetup;
  let startAgent: RecordingHandler;
  beforeEach(async () => {
    setup = await boardSetup();
    startAgent = new RecordingHandler();
  });
  afterEach(async () => {
    // A test that failed holding the handler lets it go, so the host can stop.
    startAgent.release();
    await setup.close();
  });

  const serve = async (options: { concurrency?: number } = {}) => {
    const served = await setup.host({
      bindings: [bindingSource(AGENT_ON_BUGS)],
      handlers: { startAgent: startAgent.handle },
      ...options,
    });
    await served.host.activate(AGENT_ON_BUGS.id);
    await served.host.start();
    return served;
  };

  it('calls it once per event that passes the filter, with the mapped input and a run id kept across attempts', async () => {
    const { host, log } = await serve();

    const [answer] = await setup.board.createCards('roadmap', [
      card(11, 'Crash on save'),
      card(12, 'Dark mode', ['idea']),
      card(13, 'Freeze on load', ['bug', 'urgent']),
    ]);
    await host.idle();

    expect(answer.status).toBe(202);
    const delivery = await host.store.delivery(AGENT_ON_BUGS.id, answer.id);
    const binding = {
      id: AGENT_ON_BUGS.id,
      trigger: 'board.new_card',
      account: 'Demo board',
      config: { board: 'roadmap' },
    };
    expect(startAgent.calls).toEqual([
      {
        input: { cardId: 11, title: 'Crash on save', urgent: false },
        context: {
          binding,
          deliveryId: answer.id,
          event: 0,
          runId: deliveryRunId(delivery!, 0),
          attempt: 1,
          signal: expect.any(AbortSignal),
        },
      },
      {
        input: { cardId: 13, title: 'Freeze on load', urgent: true },
        context: expect.objectContaining({ event: 2, runId: deliveryRunId(delivery!, 2) }),
      },
    ]);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      eventsCount: 3,
      runs: [
        { event: 0, runId: deliveryRunId(delivery!, 0), status: 'succeeded' },
        { event: 2, runId: deliveryRunId(delivery!, 2), status: 'succeeded' },
      ],
    });
    expect(log.of('run.started').map((event) => [event.event, event.handler])).toEqual([
      [0, 'startAgent'],
      [2, 'startAgent'],
    ]);
    // No workflow ran: the board was asked for nothing.
    expect(setup.board.emulator.requests.filter((request) => request.path.endsWith('/comments'))).toEqual([]);
  });

  it('does not hand a redelivery over a second time', async () => {
    const { host, log } = await serve();
    const [first] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();

    const again = await setup.board.redeliver(first.id);
    await host.idle();

    expect(again).toMatchObject({ status: 200, body: { duplicate: true } });
    expect(log.of('delivery.duplicate').map((event) => event.deliveryId)).toEqual([first.id]);
    expect(startAgent.calls).toHaveLength(1);
  });

  it('records its failure on the delivery, and serves the next delivery as before', async () => {
    const { host } = await serve();
    startAgent.failNext(new Error('the agent pool is full'));

    const [failed] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();
    const [next] = await setup.board.createCards('roadmap', [card(12, 'Freeze on load')]);
    await host.idle();

    expect(await host.store.delivery(AGENT_ON_BUGS.id, failed.id)).toMatchObject({
      status: 'failed',
      error: { code: 'upstream', message: 'Handler "startAgent" failed: the agent pool is full' },
      runs: [expect.objectContaining({ status: 'failed' })],
    });
    expect(await host.store.delivery(AGENT_ON_BUGS.id, next.id)).toMatchObject({ status: 'succeeded' });
    expect(startAgent.calls.map((call) => call.input)).toEqual([
      expect.objectContaining({ cardId: 11 }),
      expect.objectContaining({ cardId: 12 }),
    ]);
  });

  it('hands a failed delivery over again on replay, under the same run id', async () => {
    const { host } = await serve();
    startAgent.failNext(new Error('the agent pool is full'));
    const [failed] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();

    const replayed = await host.replay(failed.id);
    await host.idle();

    expect(replayed.id).toBe(failed.id);
    expect(await host.store.delivery(AGENT_ON_BUGS.id, failed.id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
    });
    const [first, second] = startAgent.calls.map((call) => call.context);
    expect(second).toMatchObject({ runId: first.runId, attempt: 2 });
  });

  it("holds one of the host's slots while it runs: a slow handler waits its turn with the others", async () => {
    const { host } = await serve({ concurrency: 2 });
    startAgent.hold();

    const answers = [];
    for (const id of [11, 12, 13, 14])
      answers.push(...(await setup.board.createCards('roadmap', [card(id, `Bug ${id}`)])));
    await startAgent.called(2);

    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    const statuses = (await host.deliveries()).map((delivery) => delivery.status).sort();
    expect(statuses).toEqual(['received', 'received', 'running', 'running']);
    startAgent.release();
    await host.idle();
    expect(startAgent.calls).toHaveLength(4);
    expect(startAgent.mostInFlight).toBe(2);
  });
});
