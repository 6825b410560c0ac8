import { compileForRe2 } from '@toolsteps/sdk/schema';
import type { ExpressionLimits } from '../expression-limits.js';
import { compileUnary } from './constructors.js';
import { NotCompilable } from './errors.js';
import { depthError } from './evaluation.js';
import { compilePredicates } from './filters.js';
import { Frame } from './frame.js';
import { compileApply, compileCall, compileLambda, compilePartial } from './functions.js';
import { compileGroup } from './group.js';
import { regexMatcher } from './matchers.js';
import { descendants, lookupName, wildcard } from './navigation.js';
import { child, children, type JsonataNode, type NodeCompiler } from './node-compiler.js';
import { compileBinary } from './operators.js';
import { compilePath } from './paths.js';
import type { Evaluator } from './procedures.js';
import { compileTransform } from './transform.js';
import { type Sequence, settled, truthy } from './values.js';

/**
 * Node types whose value may be a sequence the singleton rule applies to. The others give a scalar,
 * an object, a function or an array that is not a sequence; a condition, block or `:=` gives the
 * value of a child, which has had the rule applied already.
 */
const MAY_GIVE_SEQUENCES = new Set([
  'path',
  'name',
  'variable',
  'function',
  'apply',
  'wildcard',
  'descendant',
]);

/** The compiler of every node, for one program: `node(n, depth)` is JSONata's `evaluate(n)`. */
export function createNodeCompiler(
  limits: Required<ExpressionLimits>,
  library: ReadonlyMap<string, unknown>,
) {
  const compiler: NodeCompiler = {
    limits,
    node(node, depth) {
      const own = compileOwn(node, depth, compiler, library);
      const predicates = compilePredicates(node, depth + 1, compiler);
      const groupSpec = node.type !== 'path' ? (node.group as GroupSpec | undefined) : undefined;
      const group = groupSpec
        ? compileGroup(groupSpec.lhs, groupSpec.position, depth + 1, compiler)
        : undefined;
      const keepArray = node.keepArray === true;
      const settles =
        predicates !== undefined ||
        group !== undefined ||
        keepArray ||
        MAY_GIVE_SEQUENCES.has(node.type) ||
        (node.type === 'binary' && node.value === '..');
      const deepest = limits.maxDepth > 0 ? limits.maxDepth - depth : Number.POSITIVE_INFINITY;
      const maxDepth = limits.maxDepth;
      if (predicates === undefined && group === undefined) {
        if (!settles) {
          return (input, frame, evaluation) => {
            if (evaluation.depth > deepest) throw depthError(maxDepth);
            return own(input, frame, evaluation);
          };
        }
        return (input, frame, evaluation) => {
          if (evaluation.depth > deepest) throw depthError(maxDepth);
          return settled(own(input, frame, evaluation), keepArray);
        };
      }
      return (input, frame, evaluation) => {
        if (evaluation.depth > deepest) throw depthError(maxDepth);
        let result = own(input, frame, evaluation);
        if (predicates) result = predicates(result, frame, evaluation);
        if (group) result = group(result, frame, evaluation);
        return settled(result, keepArray);
      };
    },
  };
  return compiler;
}

interface GroupSpec {
  lhs: Array<[JsonataNode, JsonataNode]>;
  position?: number;
}

/** What the node itself does, before its predicates, grouping and the singleton rule. */
function compileOwn(
  node: JsonataNode,
  depth: number,
  compiler: NodeCompiler,
  library: ReadonlyMap<string, unknown>,
): Evaluator {
  switch (node.type) {
    case 'path':
      return compilePath(node, depth, compiler);
    case 'binary':
      return compileBinary(node, depth, compiler);
    case 'unary':
      return compileUnary(node, depth, compiler);
    case 'name': {
      const name = node.value as string;
      return (input, _frame, evaluation) => lookupName(input, name, evaluation);
    }
    case 'string':
    case 'number':
    case 'value': {
      const value = node.value;
      return () => value;
    }
    case 'wildcard':
      return (input, _frame, evaluation) => wildcard(input, evaluation);
    case 'descendant':
      return (input, _frame, evaluation) => descendants(input, evaluation);
    case 'condition':
      return compileCondition(node, depth, compiler);
    case 'block': {
      const expressions = children(node, 'expressions').map((expression) =>
        compiler.node(expression, depth + 1),
      );
      return (input, frame, evaluation) => {
        const scope = new Frame(frame);
        let result: unknown;
        for (const expression of expressions) result = expression(input, scope, evaluation);
        return result;
      };
    }
    case 'bind': {
      const name = child(node, 'lhs').value as string;
      const value = compiler.node(child(node, 'rhs'), depth + 1);
      return (input, frame, evaluation) => {
        const bound = value(input, frame, evaluation);
        frame.bind(name, bound);
        return bound;
      };
    }
    case 'variable':
      return compileVariable(node, library);
    case 'regex':
      return compileRegex(node);
    case 'function':
      return compileCall(node, depth, compiler);
    case 'partial':
      return compilePartial(node, depth, compiler);
    case 'lambda':
      return compileLambda(node, compiler);
    case 'apply':
      return compileApply(node, depth, compiler);
    case 'parent': {
      // The input of the step it names, bound in the tuple stream under the slot's label.
      const label = (node.slot as { label: string }).label;
      return (_input, frame) => frame.lookup(label);
    }
    case 'transform':
      return compileTransform(node, compiler);
    default:
      throw new NotCompilable(`nodes of type ${node.type} are not compiled`);
  }
}

function compileCondition(node: JsonataNode, depth: number, compiler: NodeCompiler): Evaluator {
  const condition = compiler.node(child(node, 'condition'), depth + 1);
  const then = compiler.node(child(node, 'then'), depth + 1);
  const otherwise = node.else === undefined ? undefined : compiler.node(child(node, 'else'), depth + 1);
  return (input, frame, evaluation) => {
    if (truthy(condition(input, frame, evaluation))) return then(input, frame, evaluation);
    return otherwise?.(input, frame, evaluation);
  };
}

function compileVariable(node: JsonataNode, library: ReadonlyMap<string, unknown>): Evaluator {
  const name = node.value as string;
  if (name === '') {
    return (input) => (input && (input as Sequence).outerWrapper ? (input as Sequence)[0] : input);
  }
  if (name === 'eval' && !library.has('eval')) throw new NotCompilable('$eval is not compiled');
  return (_input, frame) => frame.lookup(name);
}

function compileRegex(node: JsonataNode): Evaluator {
  const regex = node.value as RegExp;
  try {
    compileForRe2(regex);
  } catch (error) {
    throw new NotCompilable(`the regex ${String(regex)} has no RE2 equivalent: ${(error as Error).message}`);
  }
  const position = node.position;
  return () => regexMatcher(regex, position);
}
