import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { type HandlerBinding, loadBinding, type TriggerHandlers } from '../../src/triggers/index.js';
import { BOARD, bindingText, located, positionOf, problemsOf, registry } from './binding-helpers.js';

/** What an agent runtime gives its trigger host: one handler with an input schema, one without. */
const HANDLERS: TriggerHandlers = {
  startAgent: {
    input: {
      type: 'object',
      required: ['cardId', 'title'],
      properties: { cardId: { type: 'integer' }, title: { type: 'string' }, urgent: { type: 'boolean' } },
      additionalProperties: false,
    },
    handle: async () => undefined,
  },
  notify: async () => undefined,
};

const handing = (handler: unknown, changes: Record<string, unknown> = {}) =>
  bindingText({ workflow: undefined, handler, ...changes });

const loadWith = (text: string, handlers?: TriggerHandlers) => {
  const source = { text, file: join(BOARD, 'test.binding.json') };
  return handlers === undefined
    ? loadBinding(source, { registry })
    : loadBinding(source, { registry, handlers });
};

async function problemsWith(text: string, handlers?: TriggerHandlers) {
  const result = await loadWith(text, handlers);
  if (result.ok) throw new Error('expected the binding to be refused');
  return result.diagnostics.map(located);
}

describe('a binding that hands its events to a handler', () => {
  it('loads when the host has that handler, with its input schema to check mapped inputs against', async () => {
    const result = await loadWith(handing('startAgent'), HANDLERS);

    expect(result.ok).toBe(true);
    const binding = (result as { binding: HandlerBinding }).binding;
    expect(binding).toMatchObject({ id: 'triage-new-bugs', handler: 'startAgent' });
    expect(binding.workflow).toBeUndefined();
    expect(binding.inputSchema).toBe((HANDLERS.startAgent as { input: object }).input);
  });

  it('is refused when the handler is not registered, naming those that are (and the nearest)', async () => {
    const source = handing('startAgnet');

    expect(await problemsWith(source, HANDLERS)).toEqual([
      {
        code: 'unknown-handler',
        pointer: '/handler',
        message:
          'no handler "startAgnet" is registered (did you mean "startAgent"?); this trigger host has: "startAgent", "notify"',
        ...positionOf(source, '"startAgnet"'),
      },
    ]);
  });

  it('is refused where no handler is registered (toolsteps serve and trigger test run workflows only)', async () => {
    const source = handing('startAgent');

    const [problem] = await problemsOf(source);
    expect(problem).toMatchObject({
      code: 'unknown-handler',
      pointer: '/handler',
      message:
        'no handler "startAgent" is registered here: handlers are functions an agent runtime gives its trigger host in code',
      hint: expect.stringContaining('createTriggerHost({ handlers: { … } })'),
    });
    expect(await problemsWith(source, {})).toEqual([
      expect.objectContaining({
        code: 'unknown-handler',
        message: 'no handler "startAgent" is registered: this trigger host was given no handlers',
      }),
    ]);
  });

  it('never takes a name every object inherits for a handler', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(await problemsWith(handing(name), HANDLERS)).toEqual([
        expect.objectContaining({ code: 'unknown-handler', pointer: '/handler' }),
      ]);
    }
    // Not a name a binding can write at all.
    expect(await problemsWith(handing('__proto__'), HANDLERS)).toEqual([
      expect.objectContaining({ code: 'shape', pointer: '/handler' }),
    ]);
  });

  it("has its mapping checked against the handler's input schema, as a workflow's would be", async () => {
    const source = handing('startAgent', {
      input: { cardId: '{% $event.card.title %}', title: '{% $event.card.title %}', extra: 1 },
    });

    expect(await problemsWith(source, HANDLERS)).toEqual([
      expect.objectContaining({
        code: 'invalid-input',
        pointer: '/input/cardId',
        message:
          '"cardId" must be a whole number, but $event.card.title is a string (the input of handler "startAgent")',
      }),
      expect.objectContaining({
        code: 'invalid-input',
        pointer: '/input',
        message:
          'unknown property "extra" (allowed: cardId, title, urgent) (the input of handler "startAgent")',
      }),
    ]);
    // A handler without a schema takes whatever the mapping yields.
    expect((await loadWith(handing('notify', { input: { anything: 1 } }), HANDLERS)).ok).toBe(true);
  });
});

describe('what each event of a binding starts', () => {
  it('must be said: a workflow or a handler', async () => {
    const source = bindingText({ workflow: undefined });

    expect(await problemsWith(source, HANDLERS)).toEqual([
      {
        code: 'shape',
        pointer: '',
        message:
          'missing required property "workflow" (or "handler"): what each event starts, a workflow file or a handler the trigger host was given in code',
        line: 1,
        column: 1,
      },
    ]);
  });

  it('is one of them, not both', async () => {
    const source = bindingText({ handler: 'startAgent' });

    expect(await problemsWith(source, HANDLERS)).toEqual([
      {
        code: 'shape',
        pointer: '/handler',
        message:
          '"workflow" and "handler" are both given: each event starts a workflow or is handed to a handler, not both; remove one',
        ...positionOf(source, '"startAgent"'),
      },
    ]);
  });

  it('stays a workflow for every binding file written before handlers existed', async () => {
    const result = await loadWith(bindingText(), HANDLERS);

    expect(result.ok).toBe(true);
    expect(result.ok && result.binding.workflow?.id).toBe('triage-card');
  });
});
