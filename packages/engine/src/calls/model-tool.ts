import type { CatalogEntry } from '../ports/services.js';
import type { JsonSchema } from '../workflow/published-schema.js';
import { standardSchema } from './model-schema.js';
import { type ObjectSchema, oneObjectSchema } from './one-object-schema.js';
import { selfContainedSchema } from './self-contained-schema.js';
import { strictForm } from './strict-schema.js';
import { toolDescription } from './tool-description.js';
import { toolNameOf } from './tool-names.js';

/** One step as a tool, before a format shapes it. */
export interface ModelTool {
  name: string;
  entry: CatalogEntry;
  description: string;
  /** The arguments: standard JSON Schema, or OpenAI's strict form when asked and possible. */
  input: ObjectSchema;
  /** Whether `input` is in strict form. */
  strict: boolean;
  /** Why the strict form was not given, when it was asked for and is not. */
  notStrict?: string;
  /** What a call answers by default, self-contained, any type: the step's view for a model, else its output. */
  output: JsonSchema;
}

/**
 * A catalog entry as a tool a model can call: its name, a description written for a model, and its
 * schemas made self-contained with standard keywords only (strict form when asked). Undefined for
 * a step whose arguments are no object (no model API takes them, and `engine.call` takes objects).
 */
export function modelTool(entry: CatalogEntry, strict: boolean): ModelTool | undefined {
  const input = oneObjectSchema(selfContainedSchema(entry.input, `step "${entry.id}"'s input`));
  if (input === undefined) return undefined;
  const output = standardSchema(
    selfContainedSchema(entry.modelOutput ?? entry.output, `step "${entry.id}"'s output`),
  );
  const tool: ModelTool = {
    name: toolNameOf(entry.id),
    entry,
    description: toolDescription(entry, output, input.alternatives),
    input: standardSchema(input.schema) as ObjectSchema,
    strict: false,
    output,
  };
  if (!strict) return tool;
  const form = strictForm(input.schema);
  if ('refused' in form) return { ...tool, notStrict: form.refused };
  return { ...tool, input: form.schema, strict: true };
}

/**
 * The output as MCP's `outputSchema`: an object as it is (a choice of objects as one), anything else
 * under `result`, as MCP wants `structuredContent` to be an object.
 */
export function mcpOutputSchema(output: JsonSchema): ObjectSchema {
  const object = wrapsResult(output) ? undefined : oneObjectSchema(output);
  if (object !== undefined) return cuttable(object.schema) as ObjectSchema;
  return {
    type: 'object',
    description: 'The result is under "result", as it is not an object',
    properties: { result: cuttable(output) },
    required: ['result'],
    additionalProperties: false,
  };
}

/**
 * The schema with nothing required below the top and no least number of items: a result over a
 * call's `maxResultBytes` is cut at whole items and fields (see `fitResult`), and what is cut must
 * still match the `outputSchema` MCP checks `structuredContent` against.
 */
function cuttable(schema: JsonSchema): JsonSchema {
  const { required: _required, minItems: _minItems, minProperties: _minProperties, ...copy } = schema;
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const branches = copy[key];
    if (Array.isArray(branches))
      copy[key] = branches.map((branch) => (isPlainSchema(branch) ? cuttable(branch) : branch));
  }
  for (const key of ['items', 'additionalProperties', 'not']) {
    const inner = copy[key];
    if (isPlainSchema(inner)) copy[key] = cuttable(inner);
  }
  for (const key of ['properties', 'patternProperties', '$defs']) {
    const named = copy[key];
    if (isPlainSchema(named))
      copy[key] = Object.fromEntries(
        Object.entries(named).map(([name, inner]) => [name, isPlainSchema(inner) ? cuttable(inner) : inner]),
      );
  }
  return copy;
}

function isPlainSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether MCP gets this output under `result`: anything but an object or a choice of objects. */
export function wrapsResult(output: JsonSchema): boolean {
  if (output.type === undefined && output.anyOf === undefined && output.oneOf === undefined) return true;
  return oneObjectSchema(output) === undefined;
}
