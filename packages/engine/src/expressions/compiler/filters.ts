import type { Evaluation } from './evaluation.js';
import { Frame } from './frame.js';
import { children, type JsonataNode, type NodeCompiler } from './node-compiler.js';
import {
  isArrayOfNumbers,
  isNumeric,
  newSequence,
  type Sequence,
  sequenceOf,
  toBoolean,
  tooManyItems,
} from './values.js';

/** A predicate applied to what a step or node gave: `(result, frame, evaluation) => kept`. */
export type Filter = (input: unknown, frame: Frame, evaluation: Evaluation) => unknown;

/**
 * JSONata's evaluateFilter: `[n]` picks the n-th item (from the end when negative); any other
 * predicate is evaluated on each item (in a tuple's frame for a tuple stream) and keeps it when true,
 * or when its numbers include the item's index.
 */
function compileFilter(predicate: JsonataNode, depth: number, compiler: NodeCompiler): Filter {
  const limit = compiler.limits.maxArrayLength;
  if (predicate.type === 'number') {
    const wanted = Math.floor(predicate.value as number);
    return (input) => {
      let results: unknown = newSequence();
      if (input && (input as Sequence).tupleStream) (results as Sequence).tupleStream = true;
      const items = Array.isArray(input) ? input : sequenceOf(input);
      const index = wanted < 0 ? items.length + wanted : wanted;
      const item = items[index];
      if (item !== undefined) {
        if (Array.isArray(item)) results = item;
        else (results as Sequence).push(item);
      }
      return results;
    };
  }
  const test = compiler.node(predicate, depth);
  return (input, frame, evaluation) => {
    const results = newSequence();
    if (input && (input as Sequence).tupleStream) results.tupleStream = true;
    const items: Sequence = Array.isArray(input) ? input : sequenceOf(input);
    const tuples = items.tupleStream === true;
    for (let index = 0; index < items.length; index++) {
      evaluation.tick();
      const item = items[index];
      let res = tuples
        ? test(
            (item as Record<string, unknown>)['@'],
            Frame.ofTuple(frame, item as Record<string, unknown>),
            evaluation,
          )
        : test(item, frame, evaluation);
      if (isNumeric(res)) res = [res];
      if (isArrayOfNumbers(res)) {
        for (const number of res) {
          let wanted = Math.floor(number);
          if (wanted < 0) wanted = items.length + wanted;
          if (wanted === index) {
            if (results.length >= limit) throw tooManyItems(limit);
            results.push(item);
          }
        }
      } else if (toBoolean(res)) {
        if (results.length >= limit) throw tooManyItems(limit);
        results.push(item);
      }
    }
    return results;
  };
}

/** JSONata's evaluateStages (after a sort, or a step of a tuple stream): filters, and `#$i` positions. */
export function compileStages(step: JsonataNode, depth: number, compiler: NodeCompiler): Filter | undefined {
  const stages = step.stages as JsonataNode[] | undefined;
  if (stages === undefined) return undefined;
  const compiled = stages.map((stage): Filter => {
    if (stage.type === 'filter') return compileFilter(stage.expr as JsonataNode, depth, compiler);
    const name = stage.value as string;
    return (result) => {
      const tuples = result as Array<Record<string, unknown>>;
      for (let index = 0; index < tuples.length; index++) tuples[index][name] = index;
      return result;
    };
  });
  return (input, frame, evaluation) => {
    let result = input;
    for (const stage of compiled) result = stage(result, frame, evaluation);
    return result;
  };
}

/** A node's own predicates (`expr[…]` not in a path), applied one after the other. */
export function compilePredicates(
  node: JsonataNode,
  depth: number,
  compiler: NodeCompiler,
): Filter | undefined {
  if (!Object.hasOwn(node, 'predicate')) return undefined;
  const filters = children(node, 'predicate').map((predicate) =>
    compileFilter(predicate.expr as JsonataNode, depth, compiler),
  );
  return (input, frame, evaluation) => {
    let result = input;
    for (const filter of filters) result = filter(result, frame, evaluation);
    return result;
  };
}
