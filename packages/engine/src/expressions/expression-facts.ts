import type { CompiledExpression, JsonataNode } from './compiled-expression.js';

/** A `$name` read by an expression; `offset` is its index in the whole `{% … %}` string. */
export interface VariableRead {
  name: string;
  offset: number;
  /** Read to be called, as in `$count(…)`: a function rather than a value. */
  called: boolean;
}

/** A `$steps.<id>` read; `offset` points at the id. */
export interface StepReference {
  id: string;
  offset: number;
}

/**
 * A path that starts at a variable and goes on by field names: `$event.issue.title`. Filters along
 * it (`$event.commits[0].id`) keep it; it ends before the first step that is not a name.
 */
export interface VariablePath {
  variable: string;
  /** The field names after the variable, each with the index of its first character in the whole string. */
  fields: Array<{ name: string; offset: number }>;
}

export type ValueKind = 'number' | 'string' | 'boolean' | 'null' | 'object' | 'function';

export interface ExpressionFacts {
  reads: VariableRead[];
  /** Names the expression binds itself: `:=`, function parameters, `@$x` and `#$i`. */
  bound: Set<string>;
  stepReferences: StepReference[];
  /** Every path from a variable by field names, in file order. */
  variablePaths: VariablePath[];
  /** What the expression yields whatever the data, when its form alone says so (`5`, `{ … }`, `$a & $b`). */
  kind?: ValueKind;
}

const NUMERIC = new Set(['+', '-', '*', '/', '%']);
const LOGICAL = new Set(['=', '!=', '<', '<=', '>', '>=', 'and', 'or', 'in']);

const cache = new WeakMap<CompiledExpression, ExpressionFacts>();

/** Reads the parsed JSONata tree: which variables and steps it uses, and what it binds. */
export function expressionFacts(expression: CompiledExpression): ExpressionFacts {
  let facts = cache.get(expression);
  if (facts === undefined) {
    facts = readFacts(expression);
    cache.set(expression, facts);
  }
  return facts;
}

function readFacts(expression: CompiledExpression): ExpressionFacts {
  const ast = expression.ast();
  const bodyOffset = expression.source.indexOf('{%') + 2;
  const facts: ExpressionFacts = {
    reads: [],
    bound: new Set(),
    stepReferences: [],
    variablePaths: [],
    kind: kindOf(ast),
  };
  const seen = new Set<object>();
  const procedures = new Set<unknown>();
  // JSONata positions mark where a token ends; names start that many characters earlier.
  const startOf = (node: JsonataNode, length: number) =>
    bodyOffset + Math.max(0, (node.position ?? length) - length);

  // A loop over a stack, not recursion: a tree thousands of levels deep (`"a" & "a" & …`) is valid JSONata.
  const visit = (root: unknown): void => {
    const pending: unknown[] = [root];
    while (pending.length > 0) {
      const value = pending.pop();
      if (value === null || typeof value !== 'object' || seen.has(value)) continue;
      seen.add(value);
      const children: unknown[] = [];
      if (Array.isArray(value)) {
        for (const item of value) children.push(item);
      } else {
        const node = value as JsonataNode;
        if (typeof node.focus === 'string') facts.bound.add(node.focus);
        if (typeof node.index === 'string') facts.bound.add(node.index);
        if (node.type === 'function' || node.type === 'partial') procedures.add(node.procedure);
        if (node.type === 'variable' && typeof node.value === 'string') {
          const called = procedures.has(node);
          facts.reads.push({ name: node.value, offset: startOf(node, node.value.length + 1), called });
        }
        if (node.type === 'path') {
          noteStepReference(node);
          noteVariablePath(node);
        }
        for (const [key, child] of Object.entries(node)) {
          if (node.type === 'bind' && key === 'lhs') bind(child);
          else if (node.type === 'lambda' && key === 'arguments') (child as unknown[]).forEach(bind);
          else if (key !== 'value') children.push(child);
        }
      }
      // Reversed onto the stack, so nodes are read in the order a recursive walk would: reads stay in file order.
      for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]);
    }
  };
  const bind = (target: unknown) => {
    const name = (target as JsonataNode | undefined)?.value;
    if (typeof name === 'string') facts.bound.add(name);
  };
  const noteStepReference = (path: JsonataNode) => {
    const [first, second] = (path.steps ?? []) as JsonataNode[];
    if (first?.type === 'variable' && first.value === 'steps' && second?.type === 'name') {
      const id = String(second.value);
      facts.stepReferences.push({ id, offset: startOf(second, id.length) });
    }
  };
  const noteVariablePath = (path: JsonataNode) => {
    const [first, ...rest] = (path.steps ?? []) as JsonataNode[];
    if (first?.type !== 'variable' || typeof first.value !== 'string') return;
    const fields: VariablePath['fields'] = [];
    for (const step of rest) {
      if (step.type !== 'name' || typeof step.value !== 'string') break;
      // A `quoted name` ends at its closing backtick: two characters longer than the name.
      const quoted = expression.source[startOf(step, 1)] === '`';
      fields.push({ name: step.value, offset: startOf(step, step.value.length + (quoted ? 2 : 0)) });
    }
    facts.variablePaths.push({ variable: first.value, fields });
  };
  visit(ast);
  return facts;
}

/** What a node yields whatever the data, when its form alone says so. */
export function kindOf(node: JsonataNode): ValueKind | undefined {
  switch (node.type) {
    case 'number':
    case 'string':
      return node.type;
    case 'value':
      return node.value === null ? 'null' : 'boolean';
    case 'lambda':
    case 'regex':
      return 'function';
    case 'unary':
      return node.value === '{' ? 'object' : node.value === '-' ? 'number' : undefined;
    case 'binary':
      if (node.value === '&') return 'string';
      if (NUMERIC.has(String(node.value))) return 'number';
      return LOGICAL.has(String(node.value)) ? 'boolean' : undefined;
    default:
      return undefined;
  }
}
