import type { StepRegistry } from '../ports/services.js';
import { type JsonSchema, plainJson } from '../workflow/published-schema.js';
import { BINDING_SCHEMA_ID, bindingJsonSchema } from './published-binding-schema.js';

/**
 * The binding schema specialised to the installed triggers, for editors: `trigger` completes to the
 * available trigger ids (with their titles), each trigger's `config` is checked against its schema,
 * and `interval` is offered only to poll triggers.
 */
export function catalogBindingSchema(registry: StepRegistry): JsonSchema {
  const schema = bindingJsonSchema();
  schema.$id = `${BINDING_SCHEMA_ID}:catalog`;
  schema.description = 'A Toolsteps binding, checked against the installed trigger catalog';
  const defs = schema.$defs as Record<string, JsonSchema>;
  const binding = defs.Binding as { properties: Record<string, JsonSchema>; allOf?: JsonSchema[] };
  const entries = registry.triggerCatalog().filter((entry) => entry.status !== 'unavailable');
  if (entries.length === 0) return schema;

  binding.properties.trigger = {
    description: 'A catalog trigger id',
    anyOf: entries.map((entry) => ({
      const: entry.id,
      title: entry.title,
      description: `${entry.integrationTitle}${entry.status === 'beta' ? ' (beta)' : ''}: ${entry.description}`,
    })),
  };
  binding.allOf = entries.map((entry) => {
    const name = `config:${entry.id}`;
    const config = plainJson(entry.config) as JsonSchema;
    // An inlined schema keeps no identity of its own: it lives under this schema's `$defs`.
    delete config.$id;
    delete config.$schema;
    defs[name] = config;
    const properties: JsonSchema = { config: { $ref: `#/$defs/${name}` } };
    if (entry.delivery === 'webhook') properties.interval = false;
    const then: JsonSchema = { properties };
    // `config` may be left out only when the trigger needs nothing in it.
    if (Array.isArray(config.required) && config.required.length > 0) then.required = ['config'];
    return { if: { properties: { trigger: { const: entry.id } }, required: ['trigger'] }, then };
  });
  return schema;
}
