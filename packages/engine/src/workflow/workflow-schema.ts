import { ERROR_CODES, type ErrorCode, type Static, Type } from '@toolsteps/sdk';
import { EXPRESSION_PATTERN } from '@toolsteps/sdk/schema';

/**
 * The workflow file format (v1), written once here: the published JSON Schema
 * (`schema/workflow.json`) is generated from it and the TypeScript types are derived from it.
 */

const description = (text: string) => ({ description: text });

/** `{% jsonata %}`: a whole string is an expression; everything else is literal. */
const Expression = Type.String({
  pattern: EXPRESSION_PATTERN,
  ...description('A JSONata expression: {% … %}'),
});

/** `"30s"`, `"2m"`, `"1500ms"`, or a number of milliseconds. */
const Duration = Type.Union(
  [
    Type.Integer({ minimum: 1 }),
    Type.String({
      pattern: '^\\s*\\d+(\\.\\d+)?\\s*(ms|s|m|h)\\s*$',
      ...description('e.g. "500ms", "30s", "2m"'),
    }),
  ],
  description('A duration: a number of milliseconds or a string such as "30s"'),
);

/** `outcome_unknown` stops a resumed run for an operator: no retry policy or catch handler may take it. */
const HANDLED_CODES = ERROR_CODES.filter((code) => code !== 'outcome_unknown');

const ErrorCodeSchema = Type.Unsafe<ErrorCode>({
  type: 'string',
  enum: HANDLED_CODES,
  ...description('A StepError code'),
});

const Retry = Type.Object(
  {
    maxAttempts: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, ...description('First try included') }),
    ),
    backoff: Type.Optional(Type.Union([Type.Literal('fixed'), Type.Literal('exponential')])),
    initial: Type.Optional(Duration),
    max: Type.Optional(Duration),
    on: Type.Optional(
      Type.Array(ErrorCodeSchema, {
        uniqueItems: true,
        ...description('Codes to retry; default rate_limited, timeout, unavailable'),
      }),
    ),
  },
  { additionalProperties: false, ...description('Retry policy; waits use full jitter') },
);

// additionalProperties: a Record with a key pattern alone would let through names that `$name` cannot read.
const Assignments = Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), Type.Unknown(), {
  additionalProperties: false,
  ...description('Variables to set: name -> value or {% expression %} ($result is the step result)'),
});

const Catch = Type.Object(
  {
    on: Type.Union([Type.Array(ErrorCodeSchema, { minItems: 1, uniqueItems: true }), Type.Literal('*')], {
      ...description('Error codes this handler takes, or "*" for any'),
    }),
    then: Type.Union([Type.Literal('continue'), Type.Literal('fail')], {
      ...description('continue: the run goes on (the step counts as caught); fail: the run fails'),
    }),
    assign: Type.Optional(Type.Ref('Assignments')),
  },
  { additionalProperties: false },
);

const StepId = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', ...description('Unique in the workflow') });

const WorkflowStep = Type.Object(
  {
    id: StepId,
    title: Type.Optional(Type.String()),
    step: Type.Optional(Type.String({ ...description('A catalog step id, e.g. github.create_issue') })),
    account: Type.Optional(
      Type.String({
        ...description('Connected account id or name; default: defaults.accounts[integration]'),
      }),
    ),
    args: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { ...description("The step's input") })),
    if: Type.Optional(Type.Union([Expression, Type.Boolean()], { ...description('Run only when true') })),
    forEach: Type.Optional(Type.Ref('ForEach')),
    parallel: Type.Optional(
      Type.Array(Type.Array(Type.Ref('WorkflowStep'), { minItems: 1 }), {
        minItems: 1,
        ...description('Branches run at once; each branch is a list of steps run in order'),
      }),
    ),
    assign: Type.Optional(Type.Ref('Assignments')),
    retry: Type.Optional(Type.Ref('Retry')),
    timeout: Type.Optional(Type.Ref('Duration')),
    catch: Type.Optional(Type.Array(Type.Ref('Catch'), { minItems: 1 })),
    maxCredits: Type.Optional(
      Type.Integer({
        minimum: 0,
        ...description(
          'On a metered tool step: the most credits all its calls in the run may spend together (every iteration of a loop counts). Checked before each call sends; a call whose worst case would exceed it fails with code "budget" and sends nothing',
        ),
      }),
    ),
  },
  {
    additionalProperties: false,
    anyOf: [
      { required: ['step'] },
      { required: ['forEach'] },
      { required: ['parallel'] },
      { required: ['assign'] },
    ],
    not: {
      anyOf: [
        { required: ['step', 'forEach'] },
        { required: ['step', 'parallel'] },
        { required: ['forEach', 'parallel'] },
      ],
    },
    ...description('One of: a tool step (step), a loop (forEach), branches (parallel), or only assign'),
  },
);

const ForEach = Type.Object(
  {
    items: Type.Union([Expression, Type.Array(Type.Unknown())], { ...description('The array to loop over') }),
    as: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', default: 'item' })),
    concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 256, default: 1 })),
    steps: Type.Array(Type.Ref('WorkflowStep'), { minItems: 1 }),
  },
  { additionalProperties: false },
);

const Defaults = Type.Object(
  {
    timeout: Type.Optional(Type.Ref('Duration')),
    retry: Type.Optional(Type.Ref('Retry')),
    accounts: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        ...description('integration id -> default account id or name'),
      }),
    ),
    maxCredits: Type.Optional(
      Type.Integer({
        minimum: 0,
        ...description(
          'The most credits the whole run may spend, all accounts together. Checked before each metered step sends: a step whose worst case would exceed it fails with code "budget" and sends nothing',
        ),
      }),
    ),
  },
  { additionalProperties: false },
);

const Workflow = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' }),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    input: Type.Optional(
      Type.Object({}, { additionalProperties: true, ...description('JSON Schema of the run input') }),
    ),
    defaults: Type.Optional(Type.Ref('Defaults')),
    timeout: Type.Optional(Type.Ref('Duration')),
    steps: Type.Array(Type.Ref('WorkflowStep'), { minItems: 1 }),
    output: Type.Optional(Type.Unknown({ ...description('The run output: a value or {% expression %}') })),
  },
  { additionalProperties: false },
);

export const WorkflowModule = Type.Module({
  Expression,
  Duration,
  Retry,
  Assignments,
  Catch,
  WorkflowStep,
  ForEach,
  Defaults,
  Workflow,
});

export const WorkflowSchema = WorkflowModule.Import('Workflow');

/** The same expression and duration forms in other files the engine reads (bindings). */
export { Duration as DurationSchema, Expression as ExpressionSchema };

export type Workflow = Static<typeof WorkflowSchema>;
export type WorkflowStep = Static<ReturnType<typeof WorkflowModule.Import<'WorkflowStep'>>>;
export type ForEach = Static<ReturnType<typeof WorkflowModule.Import<'ForEach'>>>;
export type RetryPolicySpec = Static<ReturnType<typeof WorkflowModule.Import<'Retry'>>>;
export type CatchSpec = Static<ReturnType<typeof WorkflowModule.Import<'Catch'>>>;
export type DurationSpec = Static<ReturnType<typeof WorkflowModule.Import<'Duration'>>>;
