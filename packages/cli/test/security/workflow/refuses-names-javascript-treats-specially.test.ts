import { describe, expect, it } from '@jest/globals';
import { positionOf, problemsOf, text } from '../../../../engine/test/workflow/load-helpers.js';
import { readRunInput } from '../../../src/read-input.js';

/** JSON.stringify writes an own `__proto__` key as it is, as a hand-written file would have it. */
function withKey(name: string, value: unknown): Record<string, unknown> {
  return Object.defineProperty({}, name, { value, enumerable: true });
}

describe('names JavaScript objects treat specially', () => {
  it('refuses "__proto__" as an assign name at load, at its position, instead of dropping it later', async () => {
    const source = text({ id: 'flow', steps: [{ id: 'a', assign: withKey('__proto__', 1) }] });

    const problems = await problemsOf(source);

    expect(problems).toEqual([
      {
        code: 'reserved-name',
        pointer: '/steps/0/assign/__proto__',
        message:
          '"__proto__" is not allowed as a property name: JavaScript objects treat it specially, so it would be dropped or change the object',
        file: 'flow.json',
        ...positionOf(source, '"__proto__"'),
      },
    ]);
  });

  it('refuses "__proto__" as a key anywhere: in args, catch handlers, the input schema', async () => {
    const source = text({
      id: 'flow',
      input: { type: 'object', properties: withKey('__proto__', { type: 'object' }) },
      steps: [
        {
          id: 'a',
          step: 'tickets.create_ticket',
          args: { subject: 'x', ...withKey('__proto__', { priority: 'urgent' }) },
          catch: [{ on: '*', then: 'continue', assign: withKey('__proto__', { polluted: true }) }],
        },
      ],
    });

    const problems = await problemsOf(source);

    expect(problems.map(({ code, pointer }) => [code, pointer])).toEqual([
      ['reserved-name', '/input/properties/__proto__'],
      ['reserved-name', '/steps/0/args/__proto__'],
      ['reserved-name', '/steps/0/catch/0/assign/__proto__'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses "constructor" and "prototype" as variable, loop item and step names', async () => {
    const source = text({
      id: 'flow',
      steps: [
        { id: 'constructor', assign: { prototype: 1 } },
        {
          id: 'loop',
          forEach: { items: [1], as: 'constructor', steps: [{ id: 'b', assign: { x: 1 } }] },
          catch: [{ on: '*', then: 'continue', assign: { constructor: 1 } }],
        },
      ],
    });

    const problems = await problemsOf(source);

    expect(problems.map(({ pointer, message }) => [pointer, message])).toEqual([
      [
        '/steps/0/id',
        '"constructor" is reserved (every JavaScript object has it) and cannot be used as a step name',
      ],
      [
        '/steps/0/assign/prototype',
        '"prototype" is reserved (every JavaScript object has it) and cannot be used as a variable name',
      ],
      [
        '/steps/1/forEach/as',
        '"constructor" is reserved (every JavaScript object has it) and cannot be used as a loop item name',
      ],
      [
        '/steps/1/catch/0/assign/constructor',
        '"constructor" is reserved (every JavaScript object has it) and cannot be used as a variable name',
      ],
    ]);
    expect(problems[1]).toMatchObject(positionOf(source, '"prototype"'));
    expect(problems[0].hint).toBe('reserved step names: __proto__, constructor, prototype');
  });

  it('refuses "__proto__" in run input too, which would vanish on its first copy (toolsteps run --input)', async () => {
    await expect(readRunInput('{"user": {"__proto__": {"admin": true}}}')).rejects.toThrow(
      '--input has a "__proto__" key (at /user/__proto__), which JavaScript objects cannot hold as data',
    );
    await expect(readRunInput('{"user": {"name": "ann"}}')).resolves.toEqual({ user: { name: 'ann' } });
  });
});
