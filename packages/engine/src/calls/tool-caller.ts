import type { AnyStep, StepErrorJson } from '@toolsteps/sdk';
import { describeViolations, schemaCheck } from '@toolsteps/sdk/schema';
import type { WorkflowRunner } from '../execution/engine.js';
import type { Clock } from '../ports/clock.js';
import type { RunObserver, RunResult } from '../ports/events.js';
import type { StepRegistry } from '../ports/services.js';
import { MAX_JSON_DEPTH, unsafeJsonValue } from '../validation/untrusted-json.js';
import { toolCallError } from './call-error.js';
import type { ToolCallError, ToolCallMeta, ToolCallResult } from './call-result.js';
import { fitResult } from './fit-result.js';
import { nullsAsAbsent } from './nulls-as-absent.js';
import { oneStepWorkflow } from './one-step-workflow.js';
import { ToolNames } from './tool-names.js';
import type { WorkflowTools } from './workflow-tools.js';

export interface CallOptions {
  /**
   * The end user the call acts for: it uses that user's account of the step's integration, never
   * another's, and fails `not_connected` (naming the integration) when the user has none.
   */
  user?: string;
  /** The connected account to use, by id or name; default the integration's only account (of `user`). */
  account?: string;
  /** Cancels the call: a request in flight is aborted. */
  signal?: AbortSignal;
  /** Progress as it happens (secrets already scrubbed): the step starting, retrying, ending. */
  onEvent?: RunObserver;
  /** Records the call in the engine's journal as a run of one step. Default: not journaled. */
  journal?: boolean;
  /**
   * The most a result may weigh as JSON, in bytes (default 16 KB): a larger one is cut at whole
   * items and fields, and `meta.truncated` says what was left out. `Infinity` hands it back whole.
   */
  maxResultBytes?: number;
  /**
   * `model` (default): a step that declares what a model needs of its result (`forModel`) answers
   * with that; `full`: the whole result, as a workflow gets it.
   */
  view?: 'model' | 'full';
  /**
   * Lets write steps leave a hidden marker in what they write (GitHub: an HTML comment at the end of
   * a body), so a write whose answer was lost can be found again instead of reported as `unknown`.
   * Default false: what the model wrote is written exactly.
   */
  resumableWrites?: boolean;
}

/** The runners a call may use: one that journals nothing, and the engine's own. */
export interface CallRunners {
  unjournaled: WorkflowRunner;
  journaled: WorkflowRunner;
}

/**
 * Runs one tool call: one step, by its tool name or id, with arguments that are data. It has every
 * guarantee of a workflow step (arguments and answer checked, account limits, retries of reads and
 * the write-retry rules, credits and budgets, secrets scrubbed) and resolves, never throws for a
 * failed call, to the result or an error worded for the model that made the call.
 */
export class ToolCaller {
  private names?: ToolNames;

  constructor(
    private readonly registry: StepRegistry,
    private readonly runners: CallRunners,
    private readonly clock: Clock,
    private readonly workflows: WorkflowTools,
  ) {}

  /** The tool names of the installed steps, one to one with their ids. */
  toolNames(): ToolNames {
    this.names ??= new ToolNames(this.registry);
    return this.names;
  }

  async call(tool: string, args: unknown, options: CallOptions = {}): Promise<ToolCallResult> {
    const { maxResultBytes } = options;
    if (maxResultBytes !== undefined && !(maxResultBytes > 0))
      throw new RangeError(
        `maxResultBytes must be a number of bytes above 0 (or Infinity), got ${maxResultBytes}`,
      );
    const startedAt = this.clock.now();
    const name = String(tool);
    const stepId = this.toolNames().stepId(name);
    const step = stepId === undefined ? undefined : this.registry.step(stepId);
    const integration = stepId === undefined ? undefined : this.registry.integrationOf(stepId);
    if (step && integration) {
      const problem = argumentsProblem(args ?? {});
      if (problem) return this.refused({ step: step.id }, startedAt, problem);
      const given = nullsAsAbsent(step.input as Record<string, unknown>, args ?? {}) as Record<
        string,
        unknown
      >;
      const run = await this.runner(options).run(
        oneStepWorkflow(step, integration, given, options.account),
        undefined,
        {
          signal: options.signal,
          onEvent: options.onEvent,
          writeMarkers: options.resumableWrites ?? false,
          user: options.user,
        },
      );
      return stepCallResult(step, run, {
        maxResultBytes: maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
        view: options.view ?? 'model',
      });
    }
    const workflowTool = this.workflows.get(name);
    if (workflowTool) {
      const problem = argumentsProblem(args ?? {});
      if (problem) return this.refused({ workflow: workflowTool.workflow.id }, startedAt, problem);
      const input = nullsAsAbsent(workflowTool.inputSchema, args ?? {});
      // A workflow's writes are marked as a run's are: it is a run, resumable as any.
      const run = await this.runner(options).run(workflowTool.workflow, input, {
        signal: options.signal,
        onEvent: options.onEvent,
        user: options.user,
      });
      return workflowCallResult(run, maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES);
    }
    return this.refused({}, startedAt, unknownTool(name));
  }

  private runner(options: CallOptions): WorkflowRunner {
    return options.journal ? this.runners.journaled : this.runners.unjournaled;
  }

  private refused(
    what: Pick<ToolCallMeta, 'step' | 'workflow'>,
    startedAt: number,
    error: ToolCallError,
  ): ToolCallResult {
    const meta: ToolCallMeta = {
      ...what,
      requests: 0,
      durationMs: this.clock.now() - startedAt,
      outcome: 'not_done',
    };
    return { ok: false, error, meta };
  }
}

/** About 4,000 tokens: room in a model's context for the result and what it does next. */
export const DEFAULT_MAX_RESULT_BYTES = 16_384;

/** Arguments that ask a step for less: named in the note of a cut result. */
const PAGING = /^(page|per_page|page_size|limit|cursor|max_results|after|since)$/;

function stepCallResult(
  step: AnyStep,
  run: RunResult,
  { maxResultBytes, view }: { maxResultBytes: number; view: 'model' | 'full' },
): ToolCallResult {
  const trace = run.steps[0];
  const unknown = trace?.outcome === 'unknown';
  const meta: ToolCallMeta = {
    step: step.id,
    requests: trace?.requests ?? 0,
    ...(trace?.credits ? { credits: trace.credits } : {}),
    durationMs: run.durationMs,
    outcome: run.status === 'succeeded' ? 'done' : unknown ? 'unknown' : 'not_done',
    ...(trace?.account ? { account: trace.account } : {}),
  };
  if (run.status === 'succeeded') {
    const paging = Object.keys((step.input as { properties?: object }).properties ?? {}).filter((name) =>
      PAGING.test(name),
    );
    const shown =
      view === 'model' && step.forModel ? forModel(step, trace?.result) : { result: trace?.result };
    if ('error' in shown) return { ok: false, error: shown.error, meta: { ...meta, outcome: 'done' } };
    const fitted = fitResult(shown.result, maxResultBytes, paging);
    if (fitted.cut) meta.truncated = fitted.cut;
    return { ok: true, result: fitted.result, meta };
  }
  const error = trace?.error ?? run.error ?? FAILED;
  return { ok: false, error: toolCallError(error, unknown, '/args'), meta };
}

/** A workflow's run as a tool call: its output is the result; its input's problems name an argument. */
function workflowCallResult(run: RunResult, maxResultBytes: number): ToolCallResult {
  const unknown = run.steps.some((trace) => trace.outcome === 'unknown');
  const meta: ToolCallMeta = {
    workflow: run.workflowId,
    requests: run.steps.reduce((sum, trace) => sum + (trace.requests ?? 0), 0),
    ...(run.credits ? { credits: { spent: run.credits.total, estimated: run.credits.estimated } } : {}),
    durationMs: run.durationMs,
    outcome: run.status === 'succeeded' ? 'done' : unknown ? 'unknown' : 'not_done',
  };
  if (run.status === 'succeeded') {
    const fitted = fitResult(run.output, maxResultBytes);
    if (fitted.cut) meta.truncated = fitted.cut;
    return { ok: true, result: fitted.result, meta };
  }
  return { ok: false, error: toolCallError(run.error ?? FAILED, unknown, '/input'), meta };
}

/** What a failed run without an error of its own reports (it always has one: kept for the types). */
const FAILED: StepErrorJson = { code: 'upstream', message: 'The call failed', retryable: false };

/** The step's view of its result for a model, checked against the schema it declares for it. */
function forModel(step: AnyStep, result: unknown): { result: unknown } | { error: ToolCallError } {
  const view = step.forModel as NonNullable<AnyStep['forModel']>;
  const projected = view.project(result);
  const violations = schemaCheck(view.output)(projected);
  if (violations.length === 0) return { result: projected };
  return {
    error: {
      code: 'upstream',
      message: `${step.id} succeeded, but its summary for a model does not match the schema it declares (${describeViolations(violations, 'result')}): ask for the full result instead`,
      retryable: false,
    },
  };
}

function unknownTool(tool: string): ToolCallError {
  const shown = tool.length > 80 ? `${tool.slice(0, 80)}…` : tool;
  return {
    code: 'unsupported',
    message: `No tool is called ${JSON.stringify(shown)}: call one of the tools you were given, by its name`,
    retryable: false,
  };
}

/** Arguments are a JSON object, no deeper than any JSON the engine takes, with no key JavaScript would not keep. */
function argumentsProblem(args: unknown): ToolCallError | undefined {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return {
      code: 'validation',
      message: `The arguments must be a JSON object of named arguments, not ${args === null ? 'null' : Array.isArray(args) ? 'an array' : typeof args}`,
      retryable: false,
    };
  }
  const unsafe = unsafeJsonValue(args);
  if (!unsafe) return tooLarge(args);
  return {
    code: 'validation',
    path: unsafe.pointer,
    message:
      unsafe.problem === 'too-deep'
        ? `The arguments are nested deeper than ${MAX_JSON_DEPTH} levels at ${unsafe.pointer}: send flatter values`
        : `The arguments have a "__proto__" key at ${unsafe.pointer}, which is not kept as data: rename it`,
    retryable: false,
  };
}

/** The most a call's arguments may weigh as JSON: far above any step's, far below what hurts. */
export const MAX_ARGUMENT_BYTES = 1024 * 1024;

/** Arguments over MAX_ARGUMENT_BYTES are refused before anything looks into them. */
function tooLarge(args: object): ToolCallError | undefined {
  const bytes = Buffer.byteLength(JSON.stringify(args) ?? '');
  if (bytes <= MAX_ARGUMENT_BYTES) return undefined;
  return {
    code: 'validation',
    message: `The arguments weigh ${bytes.toLocaleString('en')} bytes, over the ${MAX_ARGUMENT_BYTES.toLocaleString('en')} a call takes: send less (a shorter text, fewer items)`,
    retryable: false,
  };
}
