import { describeSchemaErrors, sharedAjv } from '@toolsteps/sdk/schema';
import type { ValidateFunction } from 'ajv';
import type { CompiledExpression } from '../expressions/compiled-expression.js';
import { DEFAULT_LIMITS, type ExpressionLimits } from '../expressions/expression.js';
import { compileTemplate, type Template } from '../expressions/template.js';
import type { CredentialVault } from '../ports/credential-vault.js';
import type { StepRegistry } from '../ports/services.js';
import { expressionPastLimit } from '../workflow/count-expressions.js';
import type { Diagnostic, Problem } from '../workflow/diagnostic.js';
import { toMilliseconds } from '../workflow/duration.js';
import { JsonDocument } from '../workflow/json-document.js';
import { failed, tooManyExpressions } from '../workflow/load-workflow.js';
import { type FileSource, readSource } from '../workflow/read-source.js';
import { DEFAULT_MAX_EXPRESSIONS } from '../workflow/workflow-limits.js';
import { BindingInvalidError } from './binding-invalid-error.js';
import { DEFAULT_MAX_BINDING_BYTES } from './binding-limits.js';
import type { Binding } from './binding-schema.js';
import { loadBoundWorkflow } from './bound-workflow.js';
import { checkBindingAccount } from './checks/binding-account.js';
import type { BindingCheckInput } from './checks/binding-check-input.js';
import { checkBindingScope } from './checks/binding-scope.js';
import { checkBindingTarget } from './checks/binding-target.js';
import { checkFilterKind } from './checks/filter-kind.js';
import { checkMappingResult, workflowTarget } from './checks/mapping-result.js';
import { checkPollInterval } from './checks/poll-interval.js';
import { checkTriggerConfig } from './checks/trigger-config.js';
import { checkTriggerReference } from './checks/trigger-reference.js';
import type { AnyCompiledBinding, CompiledBinding, HandlerBinding } from './compiled-binding.js';
import { bindingJsonSchema } from './published-binding-schema.js';
import { type HandlerEntry, handlerEntries, type TriggerHandlers } from './trigger-handler.js';

/** A path to a binding file, or its text (with the name to report it under). */
export type BindingSource = FileSource;

export interface LoadBindingOptions {
  registry: StepRegistry;
  /**
   * When given, the binding's account and its workflow's accounts are resolved against it: those of
   * the binding's `user`, or of no user when it names none.
   */
  vault?: CredentialVault;
  limits?: ExpressionLimits;
  /** Larger binding files (or texts) are refused before being read whole; default 1 MiB. */
  maxBindingBytes?: number;
  /** Most `{% … %}` expressions a binding may hold; default 10,000, as for a workflow. */
  maxExpressions?: number;
  /** Passed on to the loading of the binding's workflow. */
  maxWorkflowBytes?: number;
  /** Where a binding given as text without a file finds its workflow; default the working folder. */
  cwd?: string;
  /**
   * The handlers a binding may name instead of a workflow (`"handler"`), as the trigger host serving
   * it is given them. Without them a binding naming a handler is refused: only workflows run here.
   */
  handlers?: TriggerHandlers;
}

export type LoadBindingResult<B extends AnyCompiledBinding = CompiledBinding> =
  | { ok: true; binding: B; diagnostics: [] }
  | { ok: false; diagnostics: Diagnostic[] };

/** What a binding's events may start: a workflow (always), or a handler when handlers are given. */
export type LoadBindingWithHandlersOptions = LoadBindingOptions & { handlers: TriggerHandlers };

/** Where a binding's events go, in its file: a workflow or a handler. */
const TARGETS: ReadonlySet<string | undefined> = new Set(['workflow', 'handler']);

let shapeValidator: ValidateFunction | undefined;

/**
 * Reads, checks and compiles a binding and loads its workflow, reporting every problem at once,
 * each at its line:column: the file's shape, its trigger, config, interval and account, its
 * expressions (what they read, `$event` paths against the event schema), and what its mapping
 * yields against the workflow's input schema. The workflow's own problems come with it, in its file.
 * With `handlers`, a binding may name one of them instead of a workflow (a `HandlerBinding`).
 */
export async function loadBinding(
  source: BindingSource,
  options: LoadBindingWithHandlersOptions,
): Promise<LoadBindingResult<AnyCompiledBinding>>;
export async function loadBinding(
  source: BindingSource,
  options: LoadBindingOptions,
): Promise<LoadBindingResult>;
export async function loadBinding(
  source: BindingSource,
  options: LoadBindingOptions,
): Promise<LoadBindingResult<AnyCompiledBinding>> {
  const read = await readSource(source, options.maxBindingBytes ?? DEFAULT_MAX_BINDING_BYTES, {
    noun: 'binding',
    tooLargeHint: 'a binding holds a trigger, a filter and a mapping: keep the work in its workflow',
  });
  if (!read.ok) return read;
  const parsed = JsonDocument.parse(read.text, read.file);
  if (!parsed.ok) return { ok: false, diagnostics: parsed.diagnostics };
  const { document } = parsed;
  const maxExpressions = options.maxExpressions ?? DEFAULT_MAX_EXPRESSIONS;
  const pastLimit = expressionPastLimit(document.value, maxExpressions);
  if (pastLimit !== undefined) {
    const hint = "keep the work in the binding's workflow, or raise maxExpressions where bindings are loaded";
    return failed([document.toDiagnostic(tooManyExpressions(pastLimit, maxExpressions, 'binding', hint))]);
  }

  const shape = checkBindingShape(document.value);
  if (!isObject(document.value))
    return failed(shape.problems.map((problem) => document.toDiagnostic(problem)));
  const binding = usableFields(document.value, shape.refused);
  const compiled = compileExpressions(binding, options.limits ?? DEFAULT_LIMITS);
  const trigger = binding.trigger === undefined ? undefined : options.registry.trigger(binding.trigger);
  const input: BindingCheckInput = {
    binding,
    registry: options.registry,
    trigger,
    integration: trigger === undefined ? undefined : options.registry.integrationOfTrigger(trigger.id),
    expressions: compiled.expressions,
    vault: options.vault,
    refused: shape.refused,
  };
  const handlers = options.handlers === undefined ? undefined : handlerEntries(options.handlers);
  const problems: Problem[] = [
    ...shape.problems,
    ...compiled.problems,
    ...checkBindingTarget(input, handlers),
    ...checkTriggerReference(input),
    ...checkTriggerConfig(input),
    ...checkPollInterval(input),
    ...checkFilterKind(input),
    ...(await checkBindingAccount(input)),
    ...(await checkBindingScope(input)),
  ];
  const bound =
    binding.workflow === undefined || binding.handler !== undefined
      ? undefined
      : await loadBoundWorkflow(binding.workflow, read.file, {
          registry: options.registry,
          vault: options.vault,
          // Its steps run for the binding's user: their accounts are that user's.
          user: binding.user,
          limits: options.limits,
          maxWorkflowBytes: options.maxWorkflowBytes,
          maxExpressions: options.maxExpressions,
          cwd: options.cwd,
        });
  if (bound !== undefined) problems.push(...bound.problems);
  if (bound?.workflow !== undefined)
    problems.push(...checkMappingResult(input, workflowTarget(bound.workflow)));
  const handler = binding.handler === undefined ? undefined : handlers?.get(binding.handler);
  if (handler !== undefined && binding.workflow === undefined)
    problems.push(
      ...checkMappingResult(input, {
        schema: handler.input,
        owner: `the input of handler "${handler.name}"`,
      }),
    );

  const workflowDiagnostics = bound?.diagnostics ?? [];
  const { integration } = input;
  const workflow = bound?.workflow;
  // Without a problem every part is there; asking again only tells the compiler so.
  if (
    problems.length > 0 ||
    workflowDiagnostics.length > 0 ||
    !trigger ||
    !integration ||
    !(workflow || handler) ||
    !compiled.input
  ) {
    const own = failed(problems.map((problem) => document.toDiagnostic(problem))).diagnostics;
    return { ok: false, diagnostics: [...own, ...workflowDiagnostics] };
  }
  const definition = document.value as Binding;
  const base = {
    id: definition.id,
    definition,
    trigger,
    integration,
    account: definition.account,
    config: definition.config ?? {},
    input: compiled.input,
  };
  const compiledBinding: AnyCompiledBinding = workflow
    ? { ...base, workflow }
    : handlerBinding(base, handler as NonNullable<typeof handler>);
  if (definition.user !== undefined) compiledBinding.user = definition.user;
  if (read.file !== undefined) compiledBinding.file = read.file;
  if (compiled.filter !== undefined) compiledBinding.filter = compiled.filter;
  if (trigger.delivery === 'poll')
    compiledBinding.intervalMs =
      definition.interval === undefined ? trigger.poll.intervalMs : toMilliseconds(definition.interval);
  return { ok: true, binding: compiledBinding, diagnostics: [] };
}

/** Like `loadBinding`, but a binding with problems throws a `BindingInvalidError` listing them all. */
export async function loadBindingOrThrow(
  source: BindingSource,
  options: LoadBindingWithHandlersOptions,
): Promise<AnyCompiledBinding>;
export async function loadBindingOrThrow(
  source: BindingSource,
  options: LoadBindingOptions,
): Promise<CompiledBinding>;
export async function loadBindingOrThrow(
  source: BindingSource,
  options: LoadBindingOptions,
): Promise<AnyCompiledBinding> {
  const result = await loadBinding(source, options as LoadBindingWithHandlersOptions);
  if (result.ok) return result.binding;
  throw new BindingInvalidError(result.diagnostics, typeof source === 'string' ? source : source.file);
}

interface ShapeCheck {
  problems: Problem[];
  /** Pointers of the values (unknown properties included) the schema refused; a missing one is not among them. */
  refused: Set<string>;
}

/** The value against the published binding schema, every failure in words. */
function checkBindingShape(value: unknown): ShapeCheck {
  shapeValidator ??= sharedAjv().compile(bindingJsonSchema());
  if (shapeValidator(value)) return { problems: [], refused: new Set() };
  // Naming neither or both of `workflow` and `handler` (the schema's `oneOf`) is said by checkBindingTarget, in words.
  const messages = describeSchemaErrors(shapeValidator.errors ?? []).filter(
    (message) =>
      message.pointer !== '' ||
      (message.keyword !== 'oneOf' && !(message.keyword === 'required' && TARGETS.has(message.missing))),
  );
  if (messages.length === 0) return { problems: [], refused: new Set() };
  const refused = new Set(
    messages
      .filter((message) => message.missing === undefined)
      .map((message) => (message.at === 'key' ? (message.locate ?? message.pointer) : message.pointer)),
  );
  const problems = messages.map(
    (message): Problem => ({
      code: message.at === 'key' ? 'unknown-property' : 'shape',
      pointer: message.pointer,
      locate: message.locate,
      at: message.at,
      message: message.message,
    }),
  );
  return { problems, refused };
}

/** The top-level fields the schema accepted: what the other checks may read without echoing its problems. */
function usableFields(value: Record<string, unknown>, refused: ReadonlySet<string>): Partial<Binding> {
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (!refused.has(`/${key}`)) kept[key] = field;
  return kept as Partial<Binding>;
}

interface CompiledExpressions {
  filter?: Template;
  input?: Template;
  problems: Problem[];
  expressions: Map<string, CompiledExpression>;
}

/** Every expression compiled once, all syntax errors collected. */
function compileExpressions(binding: Partial<Binding>, limits: ExpressionLimits): CompiledExpressions {
  const problems: Problem[] = [];
  const expressions = new Map<string, CompiledExpression>();
  const cache = new Map<string, CompiledExpression>();
  const compile = (value: unknown, pointer: string) =>
    compileTemplate(value, {
      pointer,
      limits,
      cache,
      onSyntaxError: (at, error) =>
        problems.push({
          code: 'expression-syntax',
          pointer: at,
          offset: error.offset,
          message: `invalid expression: ${error.message}`,
        }),
      onExpression: ({ pointer: at, expression }) => {
        expressions.set(at, expression);
      },
    });
  const compiled: CompiledExpressions = { problems, expressions };
  if (binding.filter !== undefined) compiled.filter = compile(binding.filter, '/filter');
  if (binding.input !== undefined) compiled.input = compile(binding.input, '/input');
  return compiled;
}

function handlerBinding(
  base: Omit<HandlerBinding, 'handler' | 'inputSchema'>,
  handler: HandlerEntry,
): HandlerBinding {
  const binding: HandlerBinding = { ...base, handler: handler.name };
  if (handler.input !== undefined) binding.inputSchema = handler.input;
  return binding;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
