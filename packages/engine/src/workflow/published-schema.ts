import { WorkflowModule } from './workflow-schema.js';

export type JsonSchema = Record<string, unknown>;

export const JSON_SCHEMA_DRAFT = 'https://json-schema.org/draft/2020-12/schema';
export const WORKFLOW_SCHEMA_ID = 'urn:toolsteps:schema:workflow:v1';

/**
 * The workflow file format as a standalone JSON Schema (draft 2020-12): the TypeBox module's
 * definitions under `$defs`, referenced as `#/$defs/Name`. `schema/workflow.json` is this, written out.
 */
export function workflowJsonSchema(): JsonSchema {
  return standaloneSchema(WorkflowModule.Import('Workflow').$defs, {
    $id: WORKFLOW_SCHEMA_ID,
    title: 'Toolsteps workflow',
    description: 'A workflow of integration tool steps, run by @toolsteps/engine',
    $ref: '#/$defs/Workflow',
  });
}

/** A TypeBox module's definitions as one standalone draft 2020-12 schema, its refs pointing into its own `$defs`. */
export function standaloneSchema(
  moduleDefs: unknown,
  header: { $id: string; title: string; description: string; $ref: string },
): JsonSchema {
  const defs = plainJson(moduleDefs) as Record<string, JsonSchema>;
  for (const definition of Object.values(defs)) {
    // TypeBox names each definition with a bare `$id`, which would rebase every `#/$defs` ref inside it.
    delete definition.$id;
    pointRefsAtDefs(definition);
  }
  return { $schema: JSON_SCHEMA_DRAFT, ...header, $defs: defs };
}

/** A deep copy without TypeBox's symbol keys. */
export function plainJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

function pointRefsAtDefs(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) pointRefsAtDefs(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const schema = value as JsonSchema;
  if (typeof schema.$ref === 'string' && !schema.$ref.includes('#')) schema.$ref = `#/$defs/${schema.$ref}`;
  for (const child of Object.values(schema)) pointRefsAtDefs(child);
}
