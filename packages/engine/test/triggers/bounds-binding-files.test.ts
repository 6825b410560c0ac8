import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { loadBinding } from '../../src/triggers/index.js';
import { BOARD, bindingText, positionOf, problemsOf, registry } from './binding-helpers.js';

const codes = async (source: string) =>
  (await problemsOf(source)).map(({ code, pointer, line, column }) => ({ code, pointer, line, column }));

describe('a binding file', () => {
  it('larger than the limit is refused before it is read whole', async () => {
    const result = await loadBinding(
      { text: bindingText(), file: join(BOARD, 'big.binding.json') },
      { registry, maxBindingBytes: 100 },
    );
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'too-large',
        message: 'the binding is larger than 100 bytes, the most a binding file may be',
        line: 1,
        column: 1,
      }),
    ]);
  });

  it('nested deeper than 256 levels is refused before anything recursive reads it', async () => {
    const source = bindingText({ input: '__DEEP__' }).replace(
      '"__DEEP__"',
      `${'['.repeat(300)}${']'.repeat(300)}`,
    );
    expect(await codes(source)).toEqual([
      // The binding's own object is the first level: the 256th bracket opens the 257th.
      {
        code: 'too-deep',
        pointer: expect.stringMatching(/^\/input(\/0)+$/),
        ...positionOf(source, '[', 255),
      },
    ]);
  });

  it('with a "__proto__" key is refused where the key is', async () => {
    const withProto = bindingText().replace('"board": "roadmap"', '"board": "roadmap", "__proto__": {}');
    expect(await codes(withProto)).toEqual([
      { code: 'reserved-name', pointer: '/config/__proto__', ...positionOf(withProto, '"__proto__"') },
    ]);
  });

  it('must be strict JSON, every syntax error located', async () => {
    const source = bindingText().replace('"account": "board-main",', '"account": "board-main",,');
    expect(await codes(source)).toEqual([
      { code: 'json-syntax', pointer: expect.any(String), ...positionOf(source, ',,', 1) },
    ]);
  });

  it('may hold only so many expressions', async () => {
    const result = await loadBinding(
      { text: bindingText(), file: join(BOARD, 'many.binding.json') },
      { registry, maxExpressions: 2 },
    );
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'too-many-expressions',
        pointer: '/input/title',
        message: 'this is expression number 3: a binding may hold at most 2 {% … %} expressions',
      }),
    ]);
  });

  it('must be an object with the fields a binding needs', async () => {
    expect(await codes('[1, 2]')).toEqual([{ code: 'shape', pointer: '', line: 1, column: 1 }]);
    const source = bindingText({ workflow: undefined, input: undefined });
    const problems = await problemsOf(source);
    expect(problems.map((problem) => problem.message)).toEqual([
      'missing required property "input"',
      'missing required property "workflow" (or "handler"): what each event starts, a workflow file or a handler the trigger host was given in code',
    ]);
  });
});
