import type { StepRegistry } from '../ports/services.js';
import { allowExpressionsInside } from './allow-expressions.js';
import { type JsonSchema, plainJson, WORKFLOW_SCHEMA_ID, workflowJsonSchema } from './published-schema.js';

/**
 * The workflow schema specialised to the installed catalog, for editors: `step` completes to the
 * available step ids (an enum, with their titles), and each step's `args` are checked against its input schema.
 */
export function catalogWorkflowSchema(registry: StepRegistry): JsonSchema {
  const schema = workflowJsonSchema();
  schema.$id = `${WORKFLOW_SCHEMA_ID}:catalog`;
  schema.description = 'A Toolsteps workflow, checked against the installed step catalog';
  const defs = schema.$defs as Record<string, JsonSchema>;
  const step = defs.WorkflowStep as { properties: Record<string, JsonSchema>; allOf?: JsonSchema[] };
  const entries = registry.catalog().filter((entry) => entry.status !== 'unavailable');
  if (entries.length === 0) return schema;

  // One enum, not a choice of consts: a misspelt id is one error, where N consts made N + 1.
  step.properties.step = {
    description: 'A catalog step id',
    enum: entries.map((entry) => entry.id),
    // What editors (VS Code) show beside each id as it completes; validators ignore it.
    enumDescriptions: entries.map(
      (entry) =>
        `${entry.title}. ${entry.integrationTitle}${entry.status === 'beta' ? ' (beta)' : ''}: ${entry.description}`,
    ),
  };
  step.allOf = entries.map((entry) => {
    const name = `args:${entry.id}`;
    defs[name] = allowExpressionsInside(plainJson(entry.input)) as JsonSchema;
    return {
      if: { properties: { step: { const: entry.id } }, required: ['step'] },
      then: { properties: { args: { $ref: `#/$defs/${name}` } } },
    };
  });
  return schema;
}
