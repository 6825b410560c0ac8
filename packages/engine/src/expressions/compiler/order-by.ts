import { jsonataError } from './errors.js';
import { Frame } from './frame.js';
import { mergeSort } from './merge-sort.js';
import { children, type JsonataNode, type NodeCompiler } from './node-compiler.js';
import type { Evaluator } from './procedures.js';
import type { Sequence } from './values.js';

/**
 * An order-by step (`^(>price, name)`), as JSONata's evaluateSortExpression: its merge sort, each
 * comparison evaluating the terms of both items in turn until one differs. Nothing sorts last;
 * anything but strings and numbers is T2008, a string against a number T2007.
 */
export function compileOrderBy(step: JsonataNode, depth: number, compiler: NodeCompiler): Evaluator {
  const terms = children(step, 'terms').map((term) => ({
    descending: term.descending === true,
    expression: compiler.node(term.expression as JsonataNode, depth),
  }));
  const position = step.position;
  return (input, frame, evaluation) => {
    const items = input as Sequence;
    const tuples = items.tupleStream === true;
    const termValue = (term: (typeof terms)[number], item: unknown) =>
      tuples
        ? term.expression(
            (item as Record<string, unknown>)['@'],
            Frame.ofTuple(frame, item as Record<string, unknown>),
            evaluation,
          )
        : term.expression(item, frame, evaluation);
    const swaps = (a: unknown, b: unknown) => {
      let comp = 0;
      for (let index = 0; comp === 0 && index < terms.length; index++) {
        const term = terms[index];
        const aa = termValue(term, a);
        const bb = termValue(term, b);
        const atype = typeof aa;
        const btype = typeof bb;
        if (atype === 'undefined') {
          comp = btype === 'undefined' ? 0 : 1;
          continue;
        }
        if (btype === 'undefined') {
          comp = -1;
          continue;
        }
        if (!(atype === 'string' || atype === 'number') || !(btype === 'string' || btype === 'number')) {
          throw jsonataError('T2008', {
            position,
            value: !(atype === 'string' || atype === 'number') ? aa : bb,
          });
        }
        if (atype !== btype) throw jsonataError('T2007', { position, value: aa, value2: bb });
        if (aa === bb) continue;
        comp = (aa as number) < (bb as number) ? -1 : 1;
        if (term.descending) comp = -comp;
      }
      return comp === 1;
    };
    return mergeSort(items, swaps, () => evaluation.tick());
  };
}
