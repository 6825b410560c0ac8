import { childPointer } from '@toolsteps/sdk/schema';
import { eachStep } from './checks/each-step.js';
import { type JsonSchema, workflowJsonSchema } from './published-schema.js';
import type { Workflow } from './workflow-schema.js';

const DROP = Symbol('drop');
type Conformed = unknown | typeof DROP;

const STEP_KINDS = ['step', 'forEach', 'parallel', 'assign'] as const;

/** The published schema, built once: it is what the refused values are taken out against. */
let published: JsonSchema | undefined;

/**
 * What the semantic checks may read of a workflow the schema refused, so one mistake does not hide
 * the others: a copy without the refused values (`refused` pointers, or values of the wrong type),
 * an optional one left out, a required one replaced by a stand-in that means nothing (`[]` items,
 * a step id no expression can name). Undefined when there are no steps to check at all.
 */
export function usablePart(value: unknown, refused: ReadonlySet<string>): Workflow | undefined {
  if (!Array.isArray((value as { steps?: unknown } | null)?.steps)) return undefined;
  published ??= workflowJsonSchema();
  const defs = published.$defs as Record<string, JsonSchema>;
  const walk = new Conform(defs, refused);
  const workflow = walk.value(value, published, '');
  if (workflow === DROP) return undefined;
  for (const { node } of eachStep((workflow as Workflow).steps)) {
    // A step of no kind runs nothing: "args only apply to a catalog step" would only echo its step-kind problem.
    if (STEP_KINDS.some((kind) => node[kind] !== undefined)) continue;
    delete node.args;
    delete node.account;
  }
  return workflow as Workflow;
}

class Conform {
  constructor(
    private readonly defs: Record<string, JsonSchema>,
    private readonly refused: ReadonlySet<string>,
  ) {}

  value(value: unknown, schema: JsonSchema, pointer: string): Conformed {
    if (this.refused.has(pointer)) return DROP;
    const resolved = this.pick(value, schema);
    if (resolved === undefined) return DROP;
    if (Array.isArray(value)) {
      const items = this.resolve((resolved.items as JsonSchema | undefined) ?? {});
      return value.map((item, index) => {
        const at = childPointer(pointer, index);
        const kept = this.value(item, items, at);
        // Array items keep their places: later items' pointers (and so diagnostics) stay right.
        return kept === DROP ? this.standIn(items, at) : kept;
      });
    }
    return isObject(value) && resolved.type === 'object' ? this.object(value, resolved, pointer) : value;
  }

  private object(value: Record<string, unknown>, resolved: JsonSchema, pointer: string): unknown {
    const kept: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const childSchema = propertySchema(resolved, key);
      if (childSchema === undefined) continue;
      const conformed = this.value(child, childSchema, childPointer(pointer, key));
      if (conformed !== DROP) kept[key] = conformed;
    }
    const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
    for (const key of (resolved.required ?? []) as string[]) {
      if (!Object.hasOwn(kept, key))
        kept[key] = this.standIn(properties[key] ?? {}, childPointer(pointer, key));
    }
    return kept;
  }

  /** The schema the value is judged by: its `$ref` followed, and of a union the branch of its type. */
  private pick(value: unknown, schema: JsonSchema): JsonSchema | undefined {
    const resolved = this.resolve(schema);
    const branches = resolved.type === undefined ? (resolved.anyOf as JsonSchema[] | undefined) : undefined;
    if (branches === undefined) return fitsType(value, resolved) ? resolved : undefined;
    return branches.map((branch) => this.resolve(branch)).find((branch) => fitsType(value, branch));
  }

  private resolve(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    return typeof ref === 'string' && ref.startsWith('#/$defs/') ? this.defs[ref.slice(8)] : schema;
  }

  /** A value the checks read as "nothing here": empty lists, the first allowed constant, an unnameable id. */
  private standIn(schema: JsonSchema, pointer: string): unknown {
    const resolved = this.resolve(schema);
    const branches = (resolved.anyOf ?? []) as JsonSchema[];
    if (resolved.type === undefined && branches.length > 0) {
      const ordered = branches.map((branch) => this.resolve(branch));
      const array = ordered.find((branch) => branch.type === 'array');
      return this.standIn(array ?? ordered[0], pointer);
    }
    if (resolved.const !== undefined) return resolved.const;
    if (Array.isArray(resolved.enum)) return resolved.enum[0];
    switch (resolved.type) {
      case 'array':
        return [];
      case 'object':
        return this.object({}, resolved, pointer);
      // The pointer itself: unique in the file, and no `$steps.<id>` can name it.
      case 'string':
        return pointer;
      case 'integer':
      case 'number':
        return resolved.minimum ?? 0;
      case 'boolean':
        return false;
      default:
        return null;
    }
  }
}

function propertySchema(schema: JsonSchema, key: string): JsonSchema | undefined {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  if (Object.hasOwn(properties, key)) return properties[key];
  const patterns = (schema.patternProperties ?? {}) as Record<string, JsonSchema>;
  for (const [pattern, child] of Object.entries(patterns)) if (regExpOf(pattern).test(key)) return child;
  const additional = schema.additionalProperties;
  if (additional === false) return undefined;
  return typeof additional === 'object' && additional !== null ? (additional as JsonSchema) : {};
}

const regExps = new Map<string, RegExp>();

function regExpOf(pattern: string): RegExp {
  let regExp = regExps.get(pattern);
  if (regExp === undefined) {
    regExp = new RegExp(pattern, 'u');
    regExps.set(pattern, regExp);
  }
  return regExp;
}

function fitsType(value: unknown, schema: JsonSchema): boolean {
  switch (schema.type) {
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
