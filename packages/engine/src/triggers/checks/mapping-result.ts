import type { AnyTrigger } from '@toolsteps/sdk';
import { describeSchema, escapePointer, listOf, parsePointer, sharedAjv } from '@toolsteps/sdk/schema';
import type { ValidateFunction } from 'ajv';
import type { CompiledExpression, JsonataNode } from '../../expressions/compiled-expression.js';
import { isExpression } from '../../expressions/expression.js';
import { kindOf } from '../../expressions/expression-facts.js';
import { decidableSchemaMessages } from '../../workflow/checks/literal-violations.js';
import { followSchemaPath, typesAt } from '../../workflow/checks/schema-path.js';
import type { CompiledWorkflow } from '../../workflow/compiled-workflow.js';
import type { Problem } from '../../workflow/diagnostic.js';
import type { BindingCheckInput } from './binding-check-input.js';

/** Stands for a value only known at run time: an expression string, so the schema check sets it aside. */
const COMPUTED = '{% … %}';

/** Where a place of the mapping's result is written in the binding file. */
interface Place {
  pointer: string;
  /** Inside an expression: the index in its string. */
  offset?: number;
}

/** A value known only by its JSON types, and the expression text that gives it. */
interface TypedValue {
  at: string;
  types: Set<string>;
  via: string;
}

// The workflow's input schema was checked when it loaded: RE2 patterns, bounded, compiles.
const validators = new WeakMap<object, ValidateFunction>();

/** What a binding's input goes to: its schema, and how messages name its owner (`the input of workflow "triage"`). */
export interface MappingTarget {
  schema: object | undefined;
  owner: string;
}

/** The input of the workflow a binding runs. */
export function workflowTarget(workflow: CompiledWorkflow): MappingTarget {
  return { schema: workflow.definition.input, owner: `the input of workflow "${workflow.id}"` };
}

/**
 * What the input mapping yields, against the workflow's (or handler's) `input` schema, as far as the binding file
 * alone says: literal values, the keys of objects it builds (written out, or by an expression's
 * `{ … }`), and the types of `$event` fields the event schema declares. What depends on an event's
 * values is left to `toolsteps trigger test`.
 */
export function checkMappingResult(input: BindingCheckInput, target: MappingTarget): Problem[] {
  const { schema, owner } = target;
  if (schema === undefined || input.binding.input === undefined) return [];
  const result = new StandIn(input.expressions, input.trigger);
  const value = result.ofValue(input.binding.input, '/input', '');
  const problems: Problem[] = [];
  for (const message of decidableSchemaMessages(validatorOf(schema), value, '')) {
    const place = result.placeOf(message.pointer);
    const key =
      message.at === 'key' && message.locate !== undefined ? result.placeOf(message.locate) : undefined;
    const problem: Problem = { code: 'invalid-input', ...place, message: `${message.message} (${owner})` };
    if (key !== undefined && key.offset === undefined && place.offset === undefined) {
      problem.locate = key.pointer;
      problem.at = 'key';
    } else if (key !== undefined) {
      Object.assign(problem, key);
    }
    problems.push(problem);
  }
  for (const typed of result.typed) {
    const problem = typeMismatch(typed, schema, owner);
    if (problem) problems.push({ code: 'invalid-input', ...result.placeOf(typed.at), message: problem });
  }
  return problems;
}

function validatorOf(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = sharedAjv({ unsupportedPatterns: 'throw' }).compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** "must be a string, but $event.issue.number is a whole number", when no type of the value fits. */
function typeMismatch(typed: TypedValue, schema: object, owner: string): string | undefined {
  const found = followSchemaPath(schema, parsePointer(typed.at), 'allowed');
  if (!found.ok) return undefined;
  const wanted = typesAt(found);
  if (wanted === undefined) return undefined;
  const fits = [...typed.types].some(
    (type) =>
      wanted.has(type) ||
      (type === 'integer' && wanted.has('number')) ||
      (type === 'number' && wanted.has('integer')),
  );
  if (fits) return undefined;
  const where = typed.at === '' ? 'the input' : `"${parsePointer(typed.at).join('.')}"`;
  const want = describeSchema({ type: [...wanted] });
  const got = listOf(
    [...typed.types].map((type) => describeSchema({ type })),
    'or',
  );
  return `${where} must be ${want}, but ${typed.via} is ${got} (${owner})`;
}

/**
 * The mapping's result as far as it is known before any event: literal parts as they are, objects
 * an expression builds with their keys, every other computed value as a placeholder. It remembers
 * where each place is written, to report a problem there.
 */
class StandIn {
  readonly typed: TypedValue[] = [];
  private readonly places = new Map<string, Place>();

  constructor(
    private readonly expressions: ReadonlyMap<string, CompiledExpression>,
    private readonly trigger: AnyTrigger | undefined,
  ) {}

  /** Where a place of the result is written: its own place, or the nearest around it that is known. */
  placeOf(at: string): Place {
    for (let pointer = at; ; pointer = pointer.slice(0, pointer.lastIndexOf('/'))) {
      const place = this.places.get(pointer);
      if (place !== undefined) return place;
      if (pointer === '') return { pointer: '/input' };
    }
  }

  /** A value of the binding file at `pointer`, standing at `at` in the result. */
  ofValue(value: unknown, pointer: string, at: string): unknown {
    this.places.set(at, { pointer });
    if (isExpression(value)) {
      const expression = this.expressions.get(pointer);
      if (expression === undefined) return COMPUTED;
      return this.ofNode(expression.ast(), expression, pointer, at);
    }
    if (Array.isArray(value))
      return value.map((item, index) => this.ofValue(item, `${pointer}/${index}`, `${at}/${index}`));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const escaped = escapePointer(key);
        out[key] = this.ofValue(item, `${pointer}/${escaped}`, `${at}/${escaped}`);
      }
      return out;
    }
    return value;
  }

  /** A node of an expression's tree: literals and `{ 'key': … }` objects are kept, the rest computed. */
  private ofNode(node: JsonataNode, expression: CompiledExpression, pointer: string, at: string): unknown {
    const start = expression.source.indexOf('{%') + 2;
    const place = (offset: number) => ({ pointer, offset: Math.max(start, offset) });
    switch (node.type) {
      case 'string':
      case 'number':
        return node.value;
      case 'value':
        return node.value;
    }
    if (node.type === 'unary' && node.value === '{' && !node.group) {
      const pairs = (node.lhs ?? []) as JsonataNode[][];
      // A key computed at run time could be any name: the object's keys are not known.
      if (!pairs.every(([key]) => key?.type === 'string'))
        return this.typedAs(new Set(['object']), at, expression);
      this.places.set(at, place(start + (node.position ?? 1) - 1));
      const out: Record<string, unknown> = {};
      for (const [key, item] of pairs) {
        const name = String(key.value);
        const child = `${at}/${escapePointer(name)}`;
        out[name] = this.ofNode(item, expression, pointer, child);
        // Quotes around the key: its text is two characters longer than its value.
        this.places.set(child, place(start + (key.position ?? 0) - name.length - 2));
      }
      return out;
    }
    const types = this.typesOf(node);
    return types === undefined ? COMPUTED : this.typedAs(types, at, expression, node);
  }

  private typedAs(
    types: Set<string>,
    at: string,
    expression: CompiledExpression,
    node?: JsonataNode,
  ): string {
    const via =
      node !== undefined && isEventPath(node)
        ? pathText(node)
        : `the expression ${abbreviate(expression.source)}`;
    this.typed.push({ at, types, via });
    return COMPUTED;
  }

  /** The JSON types a node yields, from its form or from the event schema for a `$event` path. */
  private typesOf(node: JsonataNode): Set<string> | undefined {
    if (isEventPath(node)) {
      if (this.trigger === undefined) return undefined;
      const steps = node.type === 'path' ? (node.steps as JsonataNode[]) : [node];
      if (
        steps
          .slice(1)
          .some((step) => step.type !== 'name' || step.stages !== undefined || step.group !== undefined)
      )
        return undefined;
      if (node.group !== undefined || steps[0].stages !== undefined) return undefined;
      const found = followSchemaPath(
        this.trigger.event,
        steps.slice(1).map((step) => String(step.value)),
      );
      return found.ok ? typesAt(found) : undefined;
    }
    const kind = kindOf(node);
    if (kind === undefined || kind === 'function') return undefined;
    return new Set([kind]);
  }
}

/** `$event` itself, or a path from it. */
function isEventPath(node: JsonataNode): boolean {
  if (node.type === 'variable') return node.value === 'event';
  const first = (node.steps as JsonataNode[] | undefined)?.[0];
  return node.type === 'path' && first?.type === 'variable' && first.value === 'event';
}

function pathText(node: JsonataNode): string {
  const steps = node.type === 'path' ? (node.steps as JsonataNode[]) : [node];
  return `$${steps.map((step) => String(step.value)).join('.')}`;
}

function abbreviate(source: string): string {
  const text = source.trim();
  return text.length > 40 ? `${text.slice(0, 37)}…%}` : text;
}
