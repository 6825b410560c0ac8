import { describe, expect, it } from '@jest/globals';
import { compileExpression } from '../../../src/expressions/expression.js';

describe('workflow expressions run compiled where the compiler takes them', () => {
  it('runs a path, a filter and a higher-order function as closures, with the same answers', async () => {
    const expression = compileExpression(
      '{% $sum($map(items[price > 10], function($i) { $i.price * $i.qty })) %}',
    );
    const input = {
      items: [
        { price: 5, qty: 1 },
        { price: 12, qty: 2 },
        { price: 20, qty: 3 },
      ],
    };

    expect(expression.runsOn()).toEqual({ on: 'compiled' });
    await expect(expression.evaluate({ input })).resolves.toBe(84);
  });

  it('keeps $eval refused, compiled as it is', async () => {
    const expression = compileExpression('{% $eval("1 + 1") %}');

    expect(expression.runsOn()).toEqual({ on: 'compiled' });
    await expect(expression.evaluate({ input: {} })).rejects.toThrow('$eval is not available');
  });

  it('reports errors with the codes the interpreter gives, and keeps the engine limits', async () => {
    await expect(compileExpression('{% "a" + 1 %}').evaluate({ input: {} })).rejects.toMatchObject({
      code: 'T2001',
    });
    const tooLong = compileExpression('{% $join([1..200].("x"), "") & $join([1..200].("y"), "") %}', {
      timeoutMs: 1000,
      maxDepth: 300,
      maxStringLength: 100,
    });
    await expect(tooLong.evaluate({ input: {} })).rejects.toThrow('100');
  });
});

describe('a function inside a value an expression writes out', () => {
  it('is written as "" and sized as nothing, not walked into', async () => {
    // A lambda bound in a block closes over the block's scope, which holds the lambda itself.
    const written = compileExpression('{% ($f := function($x) { $x }; $string({"f": $f, "n": 1}) & "|") %}');
    await expect(written.evaluate({ input: {} })).resolves.toBe('{"f":"","n":1}|');
  });
});

describe('a bounded built-in', () => {
  it('is partially applied as JSONata applies its own', async () => {
    const partial = compileExpression('{% $substring(?, 0, 2)("hello") & $pad(?, 4, "*")("ab") %}');
    await expect(partial.evaluate({ input: {} })).resolves.toBe('heab**');
  });
});
