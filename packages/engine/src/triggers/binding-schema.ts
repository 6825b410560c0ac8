import { type Static, Type } from '@toolsteps/sdk';
import { DurationSchema, ExpressionSchema } from '../workflow/workflow-schema.js';

/**
 * The binding file format (v1), written once here: the published JSON Schema
 * (`schema/binding.json`) is generated from it and the TypeScript type is derived from it.
 */

const description = (text: string) => ({ description: text });

/** What a handler's name may be, in a binding file and among a trigger host's handlers. */
export const HANDLER_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]*$';

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
    user: Type.Optional(
      Type.String({
        minLength: 1,
        ...description(
          "The end user the binding acts for: its account is that user's, and the runs (or handler calls) its events start act for that user, with that user's accounts",
        ),
      }),
    ),
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
    workflow: Type.Optional(
      Type.String({
        minLength: 1,
        ...description('The workflow file each event runs, relative to this file (or "handler")'),
      }),
    ),
    handler: Type.Optional(
      Type.String({
        pattern: HANDLER_NAME_PATTERN,
        ...description(
          'The name of the trigger host\'s handler each event is handed to, instead of running a workflow (or "workflow")',
        ),
      }),
    ),
    input: Type.Unknown({
      ...description(
        "The workflow's (or handler's) input: a value or {% expression %} over $event (and $binding), or an object or array holding such expressions",
      ),
    }),
  },
  {
    additionalProperties: false,
    // What each event starts: a workflow file, or a handler the host was given in code; one of them.
    oneOf: [{ required: ['workflow'] }, { required: ['handler'] }],
  },
);

export const BindingModule = Type.Module({ Expression: ExpressionSchema, Duration: DurationSchema, Binding });

export const BindingSchema = BindingModule.Import('Binding');

export type Binding = Static<typeof BindingSchema>;
