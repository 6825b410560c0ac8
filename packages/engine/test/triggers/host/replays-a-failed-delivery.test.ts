import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { StepError } from '../../../src/index.js';
import { type BoardSetup, boardSetup, card } from './host-helpers.js';

describe('a failed delivery', () => {
  let setup: BoardSetup;
  beforeEach(async () => {
    setup = await boardSetup();
  });
  afterEach(() => setup.close());

  it('is kept with its error and runs again when replayed', async () => {
    const { host, log } = await setup.host();
    await host.activate('triage-new-bugs');
    await host.start();
    setup.board.emulator.faults.inject({
      method: 'POST',
      path: '/cards/*/comments',
      status: 422,
      body: { message: 'Card is locked' },
    });
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();

    const [failed] = await host.deliveries();
    expect(failed).toMatchObject({ id: answer.id, status: 'failed', error: { code: 'validation' } });
    expect(failed.error?.message).toContain('Card is locked');
    expect(failed.runs).toEqual([expect.objectContaining({ event: 0, status: 'failed' })]);

    const replayed = await host.replay(answer.id);
    expect(replayed.id).toBe(answer.id);
    await host.idle();
    const [succeeded] = await host.deliveries();
    expect(succeeded).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(succeeded.error).toBeUndefined();
    expect(succeeded.runs.map((run) => run.status)).toEqual(['failed', 'succeeded']);
    expect(log.of('run.finished').map((event) => event.status)).toEqual(['failed', 'succeeded']);
  });

  it('runs in the call on a host that is not started, as the CLI replays beside a running serve', async () => {
    const { host: serving } = await setup.host();
    await serving.activate('triage-new-bugs');
    await serving.start();
    setup.board.emulator.faults.inject({ method: 'POST', path: '/cards/*/comments', status: 422 });
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await serving.idle();
    await serving.stop();

    const { host: replaying, log } = await setup.host({ store: serving.store });
    const replayed = await replaying.replay(answer.id);
    expect(replayed).toMatchObject({ id: answer.id, status: 'succeeded', attempts: 2 });
    expect(log.of('run.finished').map((event) => event.status)).toEqual(['succeeded']);
  });

  it('is refused while it waits or runs in a host serving its binding, so nothing runs twice', async () => {
    const { host } = await setup.host();
    await host.activate('triage-new-bugs');
    // Not started: the delivery is committed and waits to run.
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    expect(answer.status).toBe(202);
    await expect(host.replay(answer.id)).rejects.toThrow(/is waiting to run in a host serving its binding/);
    await host.start();
    await host.idle();
    expect((await host.deliveries()).map((delivery) => delivery.attempts)).toEqual([1]);
  });

  it('is the only kind replayed: a succeeded one, or an unknown id, is refused', async () => {
    const { host } = await setup.host();
    await host.activate('triage-new-bugs');
    await host.start();
    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();
    await expect(host.replay(answer.id)).rejects.toThrow(
      /succeeded: replaying it would run its workflow again/,
    );
    await expect(host.replay('no-such-delivery')).rejects.toBeInstanceOf(StepError);
  });
});
