import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { REDACTED } from '../../../src/index.js';
import { AGENT_ON_BUGS, bindingSource, RecordingHandler } from '../../triggers/host/handler-helpers.js';
import { type BoardSetup, boardSetup, card, LinesLogger } from '../../triggers/host/host-helpers.js';

/** Throws on anything asked of it: its message, its prototype, its conversion to text. */
const hostile = new Proxy(
  {},
  {
    get() {
      throw new Error('no');
    },
    getPrototypeOf() {
      throw new Error('no');
    },
  },
);

describe('a trigger host whose handler throws', () => {
  let setup: BoardSetup;
  let logger: LinesLogger;
  let startAgent: RecordingHandler;
  beforeEach(async () => {
    logger = new LinesLogger();
    setup = await boardSetup({ logger });
    startAgent = new RecordingHandler();
  });
  afterEach(() => setup.close());

  it('keeps each failure on its delivery, secrets scrubbed, and serves every delivery after it', async () => {
    const { host, log } = await setup.host({
      bindings: [bindingSource(AGENT_ON_BUGS)],
      handlers: { startAgent: startAgent.handle },
    });
    await host.activate(AGENT_ON_BUGS.id);
    await host.start();
    const [{ secret }] = setup.board.hooks('roadmap');
    startAgent.failNext(new Error(`could not verify with ${secret}`));
    startAgent.failNext('a bare string');
    startAgent.failNext(undefined);
    startAgent.failNext(hostile);

    const answers = [];
    for (const id of [11, 12, 13, 14, 15])
      answers.push(...(await setup.board.createCards('roadmap', [card(id, `Bug ${id}`)])));
    await host.idle();

    const kept = await host.deliveries({ order: 'oldest' });
    expect(kept.map((delivery) => [delivery.status, delivery.error?.message])).toEqual([
      ['failed', `Handler "startAgent" failed: could not verify with ${REDACTED}`],
      ['failed', 'Handler "startAgent" failed: it threw "a bare string", not an Error'],
      ['failed', 'Handler "startAgent" failed: it threw undefined, not an Error'],
      ['failed', 'Handler "startAgent" failed, throwing what cannot be read'],
      ['succeeded', undefined],
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202]);
    expect(startAgent.calls).toHaveLength(5);
    // Nor is the secret in anything else the host reported.
    expect(JSON.stringify([kept, log.events, logger.lines])).not.toContain(secret);
  });

  it('takes a handler that throws before returning a promise as one that rejected', async () => {
    const { host } = await setup.host({
      bindings: [bindingSource(AGENT_ON_BUGS)],
      handlers: {
        startAgent: () => {
          throw new TypeError('agents is not iterable');
        },
      },
    });
    await host.activate(AGENT_ON_BUGS.id);
    await host.start();

    const [answer] = await setup.board.createCards('roadmap', [card(11, 'Crash on save')]);
    await host.idle();

    expect(await host.store.delivery(AGENT_ON_BUGS.id, answer.id)).toMatchObject({
      status: 'failed',
      error: { message: 'Handler "startAgent" failed: agents is not iterable' },
    });
  });
});
