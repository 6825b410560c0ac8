import type { Evaluation } from './evaluation.js';
import { compileStages, type Filter } from './filters.js';
import { Frame } from './frame.js';
import { compileGroup } from './group.js';
import { children, type JsonataNode, type NodeCompiler } from './node-compiler.js';
import { compileOrderBy } from './order-by.js';
import type { Evaluator } from './procedures.js';
import { isSequence, newSequence, type Sequence, sequenceOf, tooManyItems } from './values.js';

type Tuple = Record<string, unknown>;

interface Step {
  /** The step evaluated on one item (or, for a leading `[…]`, on the whole input). */
  evaluate: Evaluator;
  /** An order-by step instead. */
  sort?: Evaluator;
  stages?: Filter;
  /** From this step on, the path carries tuples (`@`, `#`). */
  tuple: boolean;
  consarray: boolean;
  focus?: string;
  index?: string;
  /** The label a parent operator (`%`) reads this step's input by. */
  ancestor?: string;
}

/**
 * A location path, as JSONata's evaluatePath and evaluateStep: each step maps every item of the
 * sequence so far and flattens what it gives; a step binding `@$x` or `#$i` turns the rest of the
 * path into a stream of tuples, each a frame of the names bound along the way.
 */
export function compilePath(node: JsonataNode, depth: number, compiler: NodeCompiler): Evaluator {
  const nodes = children(node, 'steps');
  const limit = compiler.limits.maxArrayLength;
  const steps: Step[] = nodes.map((step) => ({
    evaluate: step.type === 'sort' ? unreachable : compiler.node(step, depth + 1),
    sort: step.type === 'sort' ? compileOrderBy(step, depth + 1, compiler) : undefined,
    stages: compileStages(step, depth + 1, compiler),
    tuple: step.tuple === true,
    consarray: step.consarray === true,
    focus: step.focus as string | undefined,
    index: step.index as string | undefined,
    ancestor: (step.ancestor as { label: string } | undefined)?.label,
  }));
  const firstIsVariable = nodes[0].type === 'variable';
  const keepsTuples = node.tuple === true;
  const keepSingletonArray = node.keepSingletonArray === true;
  const groupSpec = node.group as { lhs: Array<[JsonataNode, JsonataNode]>; position?: number } | undefined;
  const group = groupSpec ? compileGroup(groupSpec.lhs, groupSpec.position, depth + 1, compiler) : undefined;
  const last = steps.length - 1;
  // Most paths only step down (`a.b[c].d`): while each step gives one item, no sequence is needed.
  const simple =
    limit >= 1 &&
    !keepsTuples &&
    !keepSingletonArray &&
    !group &&
    steps.every(
      (step) =>
        !step.sort &&
        !step.tuple &&
        !step.consarray &&
        step.focus === undefined &&
        step.ancestor === undefined,
    );
  // The path's own singleton rule would give the one item itself: no need to wrap it.
  const bare = node.keepArray !== true && !Object.hasOwn(node, 'predicate');

  /** A simple path from one item: JSONata's evaluatePath on a sequence of that item. */
  const followOne: Evaluator = (input, frame, evaluation) => {
    let value = input;
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index];
      evaluation.tick();
      let res = step.evaluate(value, frame, evaluation);
      if (step.stages) res = step.stages(res, frame, evaluation);
      if (res === undefined) return newSequence();
      if (Array.isArray(res)) {
        if (index === last && !isSequence(res)) return res;
        let sequence = newSequence();
        flatten(res, sequence, limit);
        for (let next = index + 1; next < steps.length && sequence.length > 0; next++) {
          sequence = mapStep(steps[next], sequence, frame, evaluation, next === last, limit) as Sequence;
        }
        return sequence;
      }
      value = res;
    }
    return bare ? value : sequenceOf(value);
  };

  return (input, frame, evaluation) => {
    if (simple && !(Array.isArray(input) && !firstIsVariable)) return followOne(input, frame, evaluation);
    let inputSequence: any = Array.isArray(input) && !firstIsVariable ? input : sequenceOf(input);
    let resultSequence: any;
    let isTupleStream = false;
    let tupleBindings: any;
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index];
      if (step.tuple) isTupleStream = true;
      if (index === 0 && step.consarray) resultSequence = step.evaluate(inputSequence, frame, evaluation);
      else if (isTupleStream) {
        tupleBindings = tupleStep(step, inputSequence, tupleBindings, frame, evaluation, limit);
      } else resultSequence = mapStep(step, inputSequence, frame, evaluation, index === last, limit);
      if (!isTupleStream && (resultSequence === undefined || resultSequence.length === 0)) break;
      if (step.focus === undefined) inputSequence = resultSequence;
    }
    if (isTupleStream) {
      if (keepsTuples) resultSequence = tupleBindings;
      else {
        resultSequence = newSequence();
        if (tupleBindings.length > limit) throw tooManyItems(limit);
        for (const tuple of tupleBindings) resultSequence.push(tuple['@']);
      }
    }
    if (keepSingletonArray) {
      if (Array.isArray(resultSequence) && (resultSequence as Sequence).cons && !isSequence(resultSequence)) {
        resultSequence = sequenceOf(resultSequence);
      }
      resultSequence = keepingSingleton(resultSequence);
    }
    if (group) resultSequence = group(isTupleStream ? tupleBindings : resultSequence, frame, evaluation);
    return resultSequence;
  };
}

function unreachable(): never {
  throw new Error('An order-by step is sorted, not evaluated');
}

/**
 * Marks a path's result to stay an array when it holds one item. Only a sequence of one reads the
 * mark: that one is copied first, so a sequence held by a binding is never changed.
 */
function keepingSingleton(result: unknown): unknown {
  if (result === null || (typeof result !== 'object' && typeof result !== 'function')) {
    throw new TypeError(`Cannot set properties of ${String(result)} (setting 'keepSingleton')`);
  }
  if (!isSequence(result) || result.length !== 1 || result.keepSingleton) return result;
  const copy = sequenceOf(result[0]);
  if (result.outerWrapper) copy.outerWrapper = true;
  copy.keepSingleton = true;
  return copy;
}

/** A step over each item of a sequence (JSONata's evaluateStep). */
function mapStep(
  step: Step,
  input: any,
  frame: Frame,
  evaluation: Evaluation,
  lastStep: boolean,
  limit: number,
): unknown {
  if (step.sort) {
    const sorted = step.sort(input, frame, evaluation);
    return step.stages ? step.stages(sorted, frame, evaluation) : sorted;
  }
  const flattened = newSequence();
  let count = 0;
  // The last step's one result, when it is an array JSONata did not build, is the result as it is.
  let whole: unknown[] | undefined;
  for (let index = 0; index < input.length; index++) {
    evaluation.tick();
    let res = step.evaluate(input[index], frame, evaluation);
    if (step.stages) res = step.stages(res, frame, evaluation);
    if (res === undefined) continue;
    if (++count > limit) throw tooManyItems(limit);
    if (count === 1 && lastStep && Array.isArray(res) && !isSequence(res)) {
      whole = res;
      continue;
    }
    if (whole !== undefined) {
      flatten(whole, flattened, limit);
      whole = undefined;
    }
    flatten(res, flattened, limit);
  }
  return whole ?? flattened;
}

/** A step's result into the path's sequence: an array spread one level, unless it was built whole (`cons`). */
function flatten(res: unknown, into: Sequence, limit: number): void {
  if (!Array.isArray(res) || (res as Sequence).cons) {
    if (into.length >= limit) throw tooManyItems(limit);
    into.push(res);
  } else {
    if (into.length + res.length > limit) throw tooManyItems(limit);
    for (const value of res) into.push(value);
  }
}

/** A step of a tuple stream (JSONata's evaluateTupleStep): each tuple extended by what its item gives. */
function tupleStep(
  step: Step,
  input: any,
  tupleBindings: Tuple[] | undefined,
  frame: Frame,
  evaluation: Evaluation,
  limit: number,
): unknown {
  if (step.sort) {
    let result: any;
    if (tupleBindings) result = step.sort(tupleBindings, frame, evaluation);
    else {
      const sorted = step.sort(input, frame, evaluation) as unknown[];
      result = newSequence();
      result.tupleStream = true;
      for (let index = 0; index < sorted.length; index++) {
        const tuple: Tuple = Object.create(null);
        tuple['@'] = sorted[index];
        tuple[String(step.index)] = index;
        result.push(tuple);
      }
    }
    return step.stages ? step.stages(result, frame, evaluation) : result;
  }
  let result: any = newSequence();
  result.tupleStream = true;
  const bindings: Tuple[] =
    tupleBindings ??
    input.map((item: unknown) => {
      const tuple: Tuple = Object.create(null);
      tuple['@'] = item;
      return tuple;
    });
  for (const binding of bindings) {
    evaluation.tick();
    let res: any = step.evaluate(binding['@'], Frame.ofTuple(frame, binding), evaluation);
    if (res === undefined) continue;
    if (!Array.isArray(res)) res = [res];
    for (let index = 0; index < res.length; index++) {
      const tuple: Tuple = Object.create(null);
      Object.assign(tuple, binding);
      if (res.tupleStream) Object.assign(tuple, res[index]);
      else {
        if (step.focus) {
          tuple[step.focus] = res[index];
          tuple['@'] = binding['@'];
        } else tuple['@'] = res[index];
        if (step.index) tuple[step.index] = index;
        if (step.ancestor) tuple[step.ancestor] = binding['@'];
      }
      if (result.length >= limit) throw tooManyItems(limit);
      result.push(tuple);
    }
  }
  if (step.stages) result = step.stages(result, frame, evaluation);
  return result;
}
