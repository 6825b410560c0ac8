import type { ErrorCode } from '@toolsteps/sdk';
import type { CompiledExpression } from '../expressions/compiled-expression.js';
import {
  DEFAULT_LIMITS,
  type ExpressionLimits,
  type ExpressionSyntaxError,
} from '../expressions/expression.js';
import {
  type CompileOptions,
  compileTemplate,
  type FoundExpression,
  type Template,
} from '../expressions/template.js';
import type { StepRegistry } from '../ports/services.js';
import type { CompiledCatch, CompiledStep, CompiledWorkflow, RetryPolicy } from './compiled-workflow.js';
import { toMilliseconds } from './duration.js';
import type { RetryPolicySpec, Workflow, WorkflowStep } from './workflow-schema.js';

const RETRYABLE: ErrorCode[] = ['rate_limited', 'timeout', 'unavailable'];

/** Without a retry policy a step runs once: the HTTP layer already retries transient failures. */
const NO_RETRY: RetryPolicySpec = { maxAttempts: 1 };

export interface CompileWorkflowOptions {
  registry?: StepRegistry;
  limits?: ExpressionLimits;
  file?: string;
  /** Syntax errors are collected here; without it the first one throws. */
  onSyntaxError?: (pointer: string, error: ExpressionSyntaxError) => void;
  /** Every expression compiled, with its pointer, for static checks. */
  onExpression?: (found: FoundExpression) => void;
}

/** Compiles every expression of a shape-valid workflow once and resolves its catalog steps. */
export function compileWorkflow(workflow: Workflow, options: CompileWorkflowOptions = {}): CompiledWorkflow {
  // Generated workflows repeat the same texts (`{% $result %}`): each is compiled once, for all its places.
  const cache = new Map<string, CompiledExpression>();
  const templateOptions = (pointer: string): CompileOptions => ({
    pointer,
    limits: options.limits ?? DEFAULT_LIMITS,
    onSyntaxError: options.onSyntaxError,
    onExpression: options.onExpression,
    cache,
  });
  const defaultRetry = workflow.defaults?.retry;

  const compileAssignments = (values: Record<string, unknown> | undefined, pointer: string) =>
    values === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            compileTemplate(value, templateOptions(`${pointer}/${name}`)),
          ]),
        );

  const compileStep = (node: WorkflowStep, pointer: string): CompiledStep => {
    const step = node.step === undefined ? undefined : options.registry?.step(node.step);
    const compiled: CompiledStep = {
      id: node.id,
      pointer,
      node,
      step,
      integration: node.step === undefined ? undefined : options.registry?.integrationOf(node.step),
      retry: toRetryPolicy({ ...NO_RETRY, ...defaultRetry, ...node.retry }),
      catch: (node.catch ?? []).map(
        (handler, index): CompiledCatch => ({
          on: handler.on === '*' ? '*' : new Set(handler.on),
          then: handler.then,
          assign: compileAssignments(handler.assign, `${pointer}/catch/${index}/assign`),
        }),
      ),
    };
    if (node.args !== undefined)
      compiled.args = compileTemplate(node.args, templateOptions(`${pointer}/args`));
    if (node.if !== undefined) compiled.if = compileTemplate(node.if, templateOptions(`${pointer}/if`));
    compiled.assign = compileAssignments(node.assign, `${pointer}/assign`);
    const timeout = node.timeout ?? (node.step !== undefined ? workflow.defaults?.timeout : undefined);
    if (timeout !== undefined) compiled.timeoutMs = toMilliseconds(timeout);
    if (node.forEach) {
      const loop = node.forEach;
      compiled.forEach = {
        items: compileTemplate(loop.items, templateOptions(`${pointer}/forEach/items`)),
        as: loop.as ?? 'item',
        concurrency: loop.concurrency ?? 1,
        steps: loop.steps.map((child, index) => compileStep(child, `${pointer}/forEach/steps/${index}`)),
      };
    }
    if (node.parallel) {
      compiled.parallel = node.parallel.map((branch, b) =>
        branch.map((child, index) => compileStep(child, `${pointer}/parallel/${b}/${index}`)),
      );
    }
    return compiled;
  };

  const output: Template | undefined =
    workflow.output === undefined ? undefined : compileTemplate(workflow.output, templateOptions('/output'));
  return {
    id: workflow.id,
    definition: workflow,
    file: options.file,
    steps: workflow.steps.map((node, index) => compileStep(node, `/steps/${index}`)),
    output,
    timeoutMs: workflow.timeout === undefined ? undefined : toMilliseconds(workflow.timeout),
    defaultAccounts: workflow.defaults?.accounts ?? {},
  };
}

function toRetryPolicy(spec: RetryPolicySpec): RetryPolicy {
  return {
    maxAttempts: spec.maxAttempts ?? 3,
    backoff: spec.backoff ?? 'exponential',
    initialMs: spec.initial === undefined ? 500 : toMilliseconds(spec.initial),
    maxMs: spec.max === undefined ? 30_000 : toMilliseconds(spec.max),
    on: new Set(spec.on ?? RETRYABLE),
  };
}
