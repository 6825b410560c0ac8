import { type JsonSchema, standaloneSchema } from '../workflow/published-schema.js';
import { BindingModule } from './binding-schema.js';

export const BINDING_SCHEMA_ID = 'urn:toolsteps:schema:binding:v1';

/**
 * The binding file format as a standalone JSON Schema (draft 2020-12), like the workflow's:
 * `schema/binding.json` is this, written out, for a binding's `$schema`.
 */
export function bindingJsonSchema(): JsonSchema {
  return standaloneSchema(BindingModule.Import('Binding').$defs, {
    $id: BINDING_SCHEMA_ID,
    title: 'Toolsteps binding',
    description:
      'A trigger bound to a workflow: which events, through which account, start which workflow with which input',
    $ref: '#/$defs/Binding',
  });
}
