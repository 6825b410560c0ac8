import { type Static, Type } from '@toolsteps/sdk';
import { DurationSchema, ExpressionSchema } from '../workflow/workflow-schema.js';

/**
 * The binding file format (v1), written once here: the published JSON Schema
 * (`schema/binding.json`) is generated from it and the TypeScript type is derived from it.
 */

const description = (text: string) => ({ description: text });

const Binding = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$', ...description('Unique among bindings') }),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    trigger: Type.String({ ...description('A catalog trigger id, e.g. github.new_issue') }),
    account: Type.String({
      ...description(
        "The connected account (id or name) of the trigger's integration the trigger watches through",
      ),
    }),
    config: Type.Optional(
      Type.Object(
        {},
        { additionalProperties: true, ...description("What to watch, as the trigger's config schema asks") },
      ),
    ),
    filter: Type.Optional(
      Type.Ref('Expression', {
        ...description('Start a run only for events where this yields true ($event)'),
      }),
    ),
    interval: Type.Optional(
      Type.Ref('Duration', {
        ...description("Poll triggers only: how often to poll; default the trigger's"),
      }),
    ),
    workflow: Type.String({
      minLength: 1,
      ...description('The workflow file each event runs, relative to this file'),
    }),
    input: Type.Unknown({
      ...description(
        "The workflow's input: a value or {% expression %} over $event (and $binding), or an object or array holding such expressions",
      ),
    }),
  },
  { additionalProperties: false },
);

export const BindingModule = Type.Module({ Expression: ExpressionSchema, Duration: DurationSchema, Binding });

export const BindingSchema = BindingModule.Import('Binding');

export type Binding = Static<typeof BindingSchema>;
