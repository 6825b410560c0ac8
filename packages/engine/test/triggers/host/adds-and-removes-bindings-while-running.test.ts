import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { BindingInvalidError } from '../../../src/index.js';
import { AGENT_ON_BUGS, bindingSource, RecordingHandler } from './handler-helpers.js';
import { type BoardSetup, boardSetup, card, NEW_BUGS } from './host-helpers.js';

const TRIAGE = 'triage-new-bugs';

describe('a running trigger host', () => {
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

  /** A started host serving the triage workflow binding, active, and able to take `startAgent` bindings. */
  const serving = async (options: { concurrency?: number } = {}) => {
    const served = await setup.host({
      bindings: [NEW_BUGS],
      handlers: { startAgent: startAgent.handle },
      ...options,
    });
    await served.host.activate(TRIAGE);
    await served.host.start();
    return served;
  };
  const hookRequests = () =>
    setup.board.emulator.requests.filter((request) => request.path.startsWith('/boards/roadmap/hooks'));
  const hookOf = (bindingId: string) =>
    setup.board.hooks('roadmap').find((hook) => hook.url.endsWith(`/hooks/${bindingId}`));

  it('adds a binding: registers its hook and receives its deliveries, the other binding untouched', async () => {
    const { host } = await serving();
    const triageHook = hookOf(TRIAGE);
    const before = hookRequests().length;

    const activation = await host.addBinding(bindingSource(AGENT_ON_BUGS));
    const answers = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();

    expect(activation).toMatchObject({ bindingId: AGENT_ON_BUGS.id, status: 'active' });
    expect(host.bindings.map((binding) => binding.id)).toEqual([TRIAGE, AGENT_ON_BUGS.id]);
    // The triage hook was not registered again, nor changed: the new binding's only was made.
    expect(hookOf(TRIAGE)).toEqual(triageHook);
    expect(
      hookRequests()
        .slice(before)
        .map((request) => `${request.method} ${request.path}`),
    ).toEqual(['GET /boards/roadmap/hooks', 'POST /boards/roadmap/hooks']);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    expect(startAgent.calls.map((call) => call.input)).toEqual([
      { cardId: 11, title: 'Crash on save', urgent: false },
    ]);
    const comments = setup.board.emulator.requests.filter((request) => request.path.endsWith('/comments'));
    expect(comments.map((request) => request.path)).toEqual(['/cards/11/comments']);
  });

  it("keeps the other binding's deliveries flowing while one is added", async () => {
    const { host } = await serving();

    const [activation, answers] = await Promise.all([
      host.addBinding(bindingSource(AGENT_ON_BUGS)),
      setup.board.createCards('roadmap', [card(11, 'Crash on save')]),
    ]);
    await host.idle();

    expect(activation.status).toBe('active');
    const triage = answers.find((answer) => answer.hookId === hookOf(TRIAGE)?.id);
    expect(triage?.status).toBe(202);
    expect(await host.deliveries({ bindingId: TRIAGE })).toEqual([
      expect.objectContaining({ id: triage?.id, status: 'succeeded' }),
    ]);
  });

  it('removes a binding: its hook is deleted and its URL refused, the other binding serves on', async () => {
    const { host, log } = await serving();
    await host.addBinding(bindingSource(AGENT_ON_BUGS));
    const triageHook = hookOf(TRIAGE);

    await host.removeBinding(AGENT_ON_BUGS.id);
    const answers = await setup.board.createCards('roadmap', [card(12, 'Freeze on load')]);
    const toRemoved = await fetch(host.urlOf(AGENT_ON_BUGS.id), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-board-signature': `sha256=${'0'.repeat(64)}` },
      body: '{}',
    });
    await host.idle();

    expect(setup.board.hooks('roadmap')).toEqual([triageHook]);
    expect(host.bindings.map((binding) => binding.id)).toEqual([TRIAGE]);
    expect(answers.map((answer) => answer.status)).toEqual([202]);
    expect(toRemoved.status).toBe(404);
    expect(startAgent.calls).toEqual([]);
    expect(await host.store.activation(AGENT_ON_BUGS.id)).toMatchObject({ status: 'inactive' });
    expect(log.of('binding.deactivated').map((event) => event.bindingId)).toEqual([AGENT_ON_BUGS.id]);
  });

  it('lets a delivery of a binding being removed end as it would have, and skips those still waiting', async () => {
    const { host, log } = await serving({ concurrency: 1 });
    await host.deactivate(TRIAGE);
    await host.addBinding(bindingSource(AGENT_ON_BUGS));
    startAgent.hold();
    const [running] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    const [waiting] = await setup.board.createCards('roadmap', [card(12, 'Freeze on load')]);
    await startAgent.called(1);

    // The board takes its time deleting the hook: the handler ends while the binding is being removed.
    const hookPath = `/boards/roadmap/hooks/${hookOf(AGENT_ON_BUGS.id)?.id}`;
    setup.board.emulator.faults.inject({ method: 'DELETE', path: hookPath, delayMs: 1000 });

    const removal = host.removeBinding(AGENT_ON_BUGS.id);
    const deleting = (request: { method: string; path: string }) =>
      request.method === 'DELETE' && request.path === hookPath;
    while (!setup.board.emulator.requests.some(deleting))
      await new Promise((resolve) => setImmediate(resolve));
    startAgent.release();
    await removal;
    // Once removed, what was running had ended as it would have: succeeded, and skipped at no time.
    const endsOfRunning = log.of('delivery.finished').filter((event) => event.deliveryId === running.id);
    expect(endsOfRunning.map((event) => event.status)).toEqual(['succeeded']);
    await host.idle();

    expect(startAgent.calls.map((call) => call.context.deliveryId)).toEqual([running.id]);
    expect(await host.store.delivery(AGENT_ON_BUGS.id, running.id)).toMatchObject({ status: 'succeeded' });
    expect(await host.store.delivery(AGENT_ON_BUGS.id, waiting.id)).toMatchObject({
      status: 'skipped',
      error: {
        code: 'cancelled',
        message: expect.stringContaining(
          'Binding "agent-on-bugs" was removed from the trigger host before this delivery ran',
        ),
      },
    });
    // Added again, the skipped delivery can be replayed, and is handed over then.
    await host.addBinding(bindingSource(AGENT_ON_BUGS));
    await host.replay(waiting.id);
    await host.idle();
    expect(startAgent.calls.map((call) => call.context.deliveryId)).toEqual([running.id, waiting.id]);
  });

  it('resolves a removal once the delivery of it still running has ended, as it would have', async () => {
    const { host, log } = await serving();
    await host.addBinding(bindingSource(AGENT_ON_BUGS));
    startAgent.hold();
    const [, running] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await startAgent.called(1);

    let removed = false;
    const removal = host.removeBinding(AGENT_ON_BUGS.id).then(() => {
      removed = true;
    });
    await log.next('binding.deactivated', (event) => event.bindingId === AGENT_ON_BUGS.id);
    // Deactivated, its hook gone, but what it was running has not ended: the removal waits for it.
    expect(setup.board.hooks('roadmap')).toHaveLength(1);
    expect(removed).toBe(false);
    startAgent.release();
    await removal;

    const ends = log.of('delivery.finished').filter((event) => event.deliveryId === running.id);
    expect(ends.map((event) => event.status)).toEqual(['succeeded']);
  });

  it('adds and removes a poll binding: polled once added, no longer once removed', async () => {
    const { host, log } = await serving();
    const archived = {
      id: 'agent-on-archived',
      trigger: 'board.archived_card',
      account: 'Demo board',
      config: { board: 'roadmap' },
      handler: 'startAgent',
      input: { cardId: '{% $event.card.id %}', title: '{% $event.card.title %}' },
    };

    await host.addBinding(bindingSource(archived));
    await log.next('poll.finished', (event) => event.bindingId === archived.id && event.first);
    setup.board.archiveCard('roadmap', card(4, 'Stale spike', []));
    expect(await host.poll(archived.id)).toEqual({ events: 1, first: false });
    await host.idle();
    await host.removeBinding(archived.id);

    expect(startAgent.calls.map((call) => call.input)).toEqual([{ cardId: 4, title: 'Stale spike' }]);
    await expect(host.poll(archived.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await host.store.activation(archived.id)).toMatchObject({ status: 'inactive' });
  });

  it('keeps serving a binding whose hook the third party would not delete', async () => {
    const { host } = await serving();
    await host.addBinding(bindingSource(AGENT_ON_BUGS));
    const hook = hookOf(AGENT_ON_BUGS.id);
    setup.board.emulator.faults.inject({
      method: 'DELETE',
      path: `/boards/roadmap/hooks/${hook?.id}`,
      status: 403,
      body: { message: 'Forbidden' },
    });

    await expect(host.removeBinding(AGENT_ON_BUGS.id)).rejects.toMatchObject({ code: 'forbidden' });
    const answers = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();

    expect(host.bindings.map((binding) => binding.id)).toEqual([TRIAGE, AGENT_ON_BUGS.id]);
    expect(hookOf(AGENT_ON_BUGS.id)).toEqual(hook);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    expect(startAgent.calls).toHaveLength(1);
  });

  it('refuses a binding it cannot serve, and serves what it served before', async () => {
    const { host } = await serving();

    await expect(host.addBinding(NEW_BUGS)).rejects.toMatchObject({
      code: 'validation',
      message: expect.stringContaining('This trigger host serves a binding "triage-new-bugs" already'),
    });
    await expect(
      host.addBinding(bindingSource({ ...AGENT_ON_BUGS, handler: 'startAgnet' })),
    ).rejects.toBeInstanceOf(BindingInvalidError);
    setup.board.refuseNextHook();
    await expect(host.addBinding(bindingSource(AGENT_ON_BUGS))).rejects.toMatchObject({ status: 422 });
    await expect(host.removeBinding('agent-on-bugs')).rejects.toMatchObject({ code: 'not_found' });

    expect(host.bindings.map((binding) => binding.id)).toEqual([TRIAGE]);
    expect(setup.board.hooks('roadmap').map((hook) => hook.url)).toEqual([host.urlOf(TRIAGE)]);
    const answers = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();
    expect(answers.map((answer) => answer.status)).toEqual([202]);
  });
});
