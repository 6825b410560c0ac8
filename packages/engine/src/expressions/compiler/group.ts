import { jsonataError } from './errors.js';
import { Frame } from './frame.js';
import type { JsonataNode, NodeCompiler } from './node-compiler.js';
import type { Evaluator } from './procedures.js';
import { append, keysOf, type Sequence } from './values.js';

type Tuple = Record<string, unknown>;

/**
 * An object constructor, or a path's group-by (`path{key: value}`), as JSONata's
 * evaluateGroupExpression: each item goes to the group of the key it evaluates to (a string, else
 * T1003; two pairs making one key, D1009), then each group's value is evaluated on its items. Of a
 * tuple stream, the group's tuples are merged into one frame.
 */
export function compileGroup(
  pairs: Array<[JsonataNode, JsonataNode]>,
  position: number | undefined,
  depth: number,
  compiler: NodeCompiler,
): Evaluator {
  const keys = pairs.map(([key]) => compiler.node(key, depth));
  const values = pairs.map(([, value]) => compiler.node(value, depth));
  const limit = compiler.limits.maxArrayLength;
  const literal = literalKeys(pairs);
  return (input, frame, evaluation) => {
    if (literal !== undefined && !Array.isArray(input)) {
      // One item, keys known: one group per pair, in the order an object lists such keys.
      evaluation.tick();
      const result: Record<string, unknown> = Object.create(null);
      for (const [key, pairIndex] of literal) {
        const value = values[pairIndex](input, frame, evaluation);
        if (value !== undefined) result[key] = value;
      }
      return result;
    }
    const reduce = !!input && (input as Sequence).tupleStream === true;
    let items: unknown[] = Array.isArray(input) ? input : [input];
    // An empty input still makes the object once, so that a literal `{…}` exists.
    if (items.length === 0 && !reduce) items = [undefined];
    const groups: Record<string, { data: unknown; exprIndex: number }> = Object.create(null);
    for (const item of items) {
      evaluation.tick();
      const env = reduce ? Frame.ofTuple(frame, item as Tuple) : frame;
      const context = reduce ? (item as Tuple)['@'] : item;
      for (let pairIndex = 0; pairIndex < keys.length; pairIndex++) {
        const key = keys[pairIndex](context, env, evaluation);
        if (typeof key !== 'string' && key !== undefined)
          throw jsonataError('T1003', { position, value: key });
        if (key === undefined) continue;
        if (key === '_jsonata_lambda' || key === '_jsonata_function') {
          throw jsonataError('D1013', { position, value: key });
        }
        const entry = groups[key];
        if (entry === undefined) groups[key] = { data: item, exprIndex: pairIndex };
        else {
          if (entry.exprIndex !== pairIndex) throw jsonataError('D1009', { position, value: key });
          entry.data = append(entry.data, item, limit);
        }
      }
    }
    const result: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(groups)) {
      evaluation.tick();
      const entry = groups[key];
      let context = entry.data;
      let env = frame;
      if (reduce) {
        const tuple = reduceTupleStream(entry.data, limit);
        context = tuple['@'];
        delete tuple['@'];
        env = Frame.ofTuple(frame, tuple);
      }
      const value = values[entry.exprIndex](context, env, evaluation);
      if (value !== undefined) result[key] = value;
    }
    return result;
  };
}

/**
 * The keys of an object constructor whose keys are all plain string literals, distinct and not
 * reserved, with their pair's index, in the order JavaScript lists an object's keys (integers first):
 * the order JSONata evaluates the values in. Undefined when any key must be evaluated.
 */
function literalKeys(pairs: Array<[JsonataNode, JsonataNode]>): Array<[string, number]> | undefined {
  const indexes: Record<string, number> = Object.create(null);
  for (const [pairIndex, [key]] of pairs.entries()) {
    const plain = key.type === 'string' && Object.keys(key).every((field) => PLAIN_LITERAL.has(field));
    const name = key.value as string;
    if (!plain || name in indexes || name === '_jsonata_lambda' || name === '_jsonata_function')
      return undefined;
    indexes[name] = pairIndex;
  }
  return Object.keys(indexes).map((name) => [name, indexes[name]]);
}

const PLAIN_LITERAL = new Set(['type', 'value', 'position']);

/** The tuples of one group as one: each name bound to all their values. */
function reduceTupleStream(stream: unknown, limit: number): Tuple {
  if (!Array.isArray(stream)) return stream as Tuple;
  const result: Tuple = Object.create(null);
  Object.assign(result, stream[0]);
  for (let index = 1; index < stream.length; index++) {
    for (const name of keysOf(stream[index])) {
      result[name] = append(result[name], (stream[index] as Tuple)[name], limit);
    }
  }
  return result;
}
