import { jsonataError } from './errors.js';
import { compileGroup } from './group.js';
import { children, type JsonataNode, type NodeCompiler } from './node-compiler.js';
import type { Evaluator } from './procedures.js';
import { isNumeric, tooManyItems } from './values.js';

/**
 * Unary nodes (JSONata's evaluateUnary): `-x`, the array constructor `[a, b]` (an item that is itself
 * an array constructor is kept whole, any other array is spread one level), and the object
 * constructor `{k: v}`, which is a grouping of the input.
 */
export function compileUnary(node: JsonataNode, depth: number, compiler: NodeCompiler): Evaluator {
  if (node.value === '-') return compileNegation(node, depth, compiler);
  if (node.value === '{') {
    const pairs = node.lhs as Array<[JsonataNode, JsonataNode]>;
    return compileGroup(pairs, node.position, depth + 1, compiler);
  }
  const limit = compiler.limits.maxArrayLength;
  const items = children(node, 'expressions').map((item) => ({
    evaluate: compiler.node(item, depth + 1),
    whole: item.value === '[',
  }));
  const consarray = node.consarray === true;
  return (input, frame, evaluation) => {
    const result: unknown[] = [];
    for (const item of items) {
      const value = item.evaluate(input, frame, evaluation);
      if (value === undefined) continue;
      if (item.whole || !Array.isArray(value)) {
        if (!item.whole && result.length + 1 > limit)
          throw jsonataError('D2015', { value: result.length + 1 });
        result.push(value);
      } else {
        const size = result.length + value.length;
        if (size > limit) throw tooManyItems(size);
        for (const element of value) result.push(element);
      }
    }
    if (consarray)
      Object.defineProperty(result, 'cons', { enumerable: false, configurable: false, value: true });
    return result;
  };
}

function compileNegation(node: JsonataNode, depth: number, compiler: NodeCompiler): Evaluator {
  const operand = compiler.node(node.expression as JsonataNode, depth + 1);
  const position = node.position;
  return (input, frame, evaluation) => {
    const value = operand(input, frame, evaluation);
    if (value === undefined) return undefined;
    if (isNumeric(value)) return -value;
    throw jsonataError('D1002', { position, token: '-', value });
  };
}
