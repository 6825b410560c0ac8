import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  BindingInvalidError,
  createTriggerHost,
  type HandlerBinding,
  loadBindingOrThrow,
} from '../../../src/index.js';
import { AGENT_ON_BUGS, bindingSource, RecordingHandler } from '../../triggers/host/handler-helpers.js';
import { type BoardSetup, boardSetup, card } from '../../triggers/host/host-helpers.js';

/** The input an agent is started with: a card id and a short title, nothing else. */
const AGENT_INPUT = {
  type: 'object',
  required: ['cardId', 'title'],
  properties: {
    cardId: { type: 'integer' },
    title: { type: 'string', maxLength: 20 },
    urgent: { type: 'boolean' },
  },
  additionalProperties: false,
};

describe('a trigger host calls only the handlers it was given, with inputs they accept', () => {
  let setup: BoardSetup;
  let startAgent: RecordingHandler;
  beforeEach(async () => {
    setup = await boardSetup();
    startAgent = new RecordingHandler();
  });
  afterEach(() => setup.close());

  const hostWith = (options: Partial<Parameters<typeof createTriggerHost>[0]>) =>
    createTriggerHost({ engine: setup.engine, bindings: [], publicUrl: setup.publicUrl, ...options });

  it('refuses a compiled binding naming a handler it was not given, listing those it was', async () => {
    const compiled = (await loadBindingOrThrow(bindingSource(AGENT_ON_BUGS), {
      registry: setup.engine.registry,
      handlers: { startAgent: startAgent.handle },
    })) as HandlerBinding;

    await expect(
      hostWith({ bindings: [compiled], handlers: { notify: async () => undefined } }),
    ).rejects.toMatchObject({
      code: 'validation',
      message:
        'Binding "agent-on-bugs" names handler "startAgent", which this trigger host was not given (it has "notify"): give it in createTriggerHost({ handlers })',
    });
    const host = await hostWith({ handlers: {} });
    await expect(host.addBinding(compiled)).rejects.toMatchObject({
      message: expect.stringContaining('(it was given no handlers)'),
    });
    expect(host.bindings).toEqual([]);
  });

  it('never resolves a name every object inherits to a handler', async () => {
    const { host } = await setup.host({ bindings: [], handlers: { startAgent: startAgent.handle } });

    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      await expect(
        host.addBinding(bindingSource({ ...AGENT_ON_BUGS, handler: name })),
      ).rejects.toBeInstanceOf(BindingInvalidError);
    }
    expect(host.bindings).toEqual([]);
    expect(setup.board.hooks('roadmap')).toEqual([]);
  });

  it('refuses handlers it could not serve before it serves anything', async () => {
    await expect(hostWith({ handlers: { startAgent: 'start-agent.js' as never } })).rejects.toMatchObject({
      code: 'validation',
      message:
        'Trigger handlers: handler "startAgent" must be a function, or { input?, handle } with handle a function',
    });
    await expect(hostWith({ handlers: { 'start agent': async () => undefined } })).rejects.toMatchObject({
      message: expect.stringContaining('handler name "start agent" is not one a binding file can name'),
    });
    await expect(
      hostWith({ handlers: { startAgent: { input: { type: 'nonsense' }, handle: async () => undefined } } }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('the input schema of handler "startAgent" does not compile'),
    });
  });

  it('does not call a handler with an input its schema refuses: the delivery fails, saying where', async () => {
    const { host } = await setup.host({
      bindings: [bindingSource(AGENT_ON_BUGS)],
      handlers: { startAgent: { input: AGENT_INPUT, handle: startAgent.handle } },
    });
    await host.activate(AGENT_ON_BUGS.id);
    await host.start();

    const [answer] = await setup.board.createCards('roadmap', [
      card(11, 'A title far longer than any agent takes'),
    ]);
    await host.idle();

    expect(startAgent.calls).toEqual([]);
    expect(await host.store.delivery(AGENT_ON_BUGS.id, answer.id)).toMatchObject({
      status: 'failed',
      error: {
        code: 'validation',
        message: expect.stringMatching(
          /^The input binding "agent-on-bugs" mapped from event 0 does not match the input schema of handler "startAgent": .*title.*; the handler was not called$/,
        ),
      },
    });
  });
});
