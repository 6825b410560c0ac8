import { StepError, toStepError } from '@toolsteps/sdk';
import { cutBeforeToken } from '@toolsteps/sdk/schema';
import type { Template } from '../expressions/template.js';
import type { StepStatus, StepTrace } from '../ports/events.js';
import type { CreditSpend } from '../ports/run-credits.js';
import type { CompiledCatch, CompiledStep } from '../workflow/compiled-workflow.js';
import { cancellation, Deadline } from './deadline.js';
import { nextTurn, turnIsOver } from './event-loop-turn.js';
import { loggedRequests } from './request-log.js';
import type { RunContext, StepProgress } from './run-context.js';
import type { Scope } from './scope.js';
import { runToolStep } from './tool-step.js';

/** Runs steps in order; the result is the last step's result (what a loop iteration or branch yields). */
export async function runSequence(
  nodes: CompiledStep[],
  scope: Scope,
  prefix: string,
  signal: AbortSignal,
  run: RunContext,
): Promise<unknown> {
  let last: unknown = null;
  for (const node of nodes) {
    if (turnIsOver()) await nextTurn();
    if (signal.aborted) throw cancellation(signal.reason);
    const stepKey = prefix ? `${prefix}.${node.id}` : node.id;
    if (!isPlain(node)) {
      last = await runNode(node, scope, stepKey, signal, run);
      continue;
    }
    // The commonest control step, without a promise or closure of its own: only the journal is awaited.
    const started = start(node, stepKey, run);
    try {
      await runPlain(started, scope, run);
      last = null;
    } catch (thrown) {
      last = await failed(started, thrown, scope, run);
    }
  }
  return last;
}

/** A step that has nothing to wait for but its trace: no catalog step, loop, branches or `if`; literal assigns. */
function isPlain(node: CompiledStep): boolean {
  if (node.step || node.node.step || node.forEach || node.parallel || node.if) return false;
  return !node.assign || allLiteral(node.assign);
}

function start(node: CompiledStep, stepKey: string, run: RunContext): Started {
  const started: Started = {
    node,
    stepKey,
    stepId: node.step?.id ?? node.node.step,
    order: run.recorder.reserve(),
    startedAt: run.clock.now(),
    progress: { attempts: 0, requests: 0 },
  };
  if (run.traceRequests && node.step) started.progress.requestLog = [];
  return started;
}

/** What runNode does for a plain step, all of it at once; the promise is the journal's record of its trace. */
function runPlain(started: Started, scope: Scope, run: RunContext): Promise<void> {
  const { node, progress } = started;
  progress.attempts = 1;
  scope.steps[node.id] = { status: 'succeeded', result: null };
  if (node.assign) assignLiterals(node.assign, scope);
  if (run.recorder.observed) succeeded(started, run);
  return recordTrace(started, run, 'succeeded', null, undefined);
}

/** One workflow step of any kind: `if`, the step's own work, `assign`, `catch`, its trace and events. */
async function runNode(
  node: CompiledStep,
  scope: Scope,
  stepKey: string,
  signal: AbortSignal,
  run: RunContext,
): Promise<unknown> {
  const started = start(node, stepKey, run);
  try {
    if (node.if && !(await node.if.evaluate(scope.bindings(), stepKey))) {
      scope.steps[node.id] = { status: 'skipped', result: null };
      if (run.recorder.observed) {
        run.recorder.emit({
          type: 'step.skipped',
          stepKey,
          id: node.id,
          step: started.stepId,
          reason: 'its "if" condition is false',
        });
      }
      await recordTrace(started, run, 'skipped', undefined, undefined);
      return null;
    }
    // A resumed run replays what a tool step recorded; loops, branches and plain steps run again
    // (they only compute), so every variable they set is set again from the replayed results.
    const recorded = node.step && run.replay?.replayable(stepKey);
    if (recorded) return await replay(started, recorded, scope, run);
    const working = runWork(node, scope, stepKey, signal, run, started.progress);
    const result = working === null ? null : await working;
    scope.steps[node.id] = { status: 'succeeded', result };
    const assigning = assign(node.assign, scope, stepKey, { result });
    if (assigning) await assigning;
    if (run.recorder.observed) succeeded(started, run);
    await recordTrace(started, run, 'succeeded', result, undefined);
    return result;
  } catch (thrown) {
    return failed(started, thrown, scope, run);
  }
}

/**
 * A step of a resumed run that is not run again: its recorded result (or its failure, caught or
 * settled as failed by an operator) is put back in the scope, its `assign` or `catch` runs again,
 * and its trace is the one recorded.
 */
async function replay(
  started: Started,
  recorded: StepTrace,
  scope: Scope,
  run: RunContext,
): Promise<unknown> {
  const { node, stepKey } = started;
  // What it spent still counts against the run's budgets: already, when the journal recorded its
  // credits as they were counted; from its trace for a run journaled before such records were kept.
  if (recorded.credits && node.integration && !run.credits.earlierOf(stepKey)) {
    const account = await run.accounts.resolve(node.integration, node.node.account);
    const payer = { accountId: account.id, stepPointer: node.pointer };
    run.credits.charge(payer, recorded.credits.spent, recorded.credits.estimated);
  }
  if (recorded.status !== 'succeeded') {
    const error = new StepError({ ...recorded.error!, step: recorded.error?.step ?? stepKey });
    return failed(started, error, scope, run, recorded);
  }
  const result = recorded.result ?? null;
  scope.steps[node.id] = { status: 'succeeded', result };
  const assigning = assign(node.assign, scope, stepKey, { result });
  if (assigning) await assigning;
  run.recorder.adopt(started.order, { ...recorded, replayed: 'recorded' });
  if (run.recorder.observed) succeeded(started, run, recorded);
  return result;
}

function succeeded(started: Started, run: RunContext, recorded?: StepTrace): void {
  const replayed = recorded ? 'recorded' : started.progress.replayed;
  run.recorder.emit({
    type: 'step.succeeded',
    stepKey: started.stepKey,
    id: started.node.id,
    step: started.stepId,
    attempts: recorded?.attempts ?? started.progress.attempts,
    durationMs: run.clock.now() - started.startedAt,
    ...creditsOf(started.progress),
    ...(replayed ? { replayed } : {}),
  });
}

/** The step's credits as an event or trace carries them: a copy, as the step may still report. */
function creditsOf(progress: StepProgress): { credits?: CreditSpend } {
  const credits = progress.credits;
  return credits ? { credits: copyOfCredits(credits) } : {};
}

/** A copy of a step's credits; `overWorstCase` only when set, so most traces keep two fields. */
function copyOfCredits(credits: CreditSpend): CreditSpend {
  const copy: CreditSpend = { spent: credits.spent, estimated: credits.estimated };
  if (credits.overWorstCase) copy.overWorstCase = true;
  return copy;
}

/**
 * A step that threw: recorded as failed, then rethrown, or as caught when a `catch` handler continues.
 * A replayed failure keeps the trace `recorded` when its handler decides as it did then.
 */
async function failed(
  started: Started,
  thrown: unknown,
  scope: Scope,
  run: RunContext,
  recorded?: StepTrace,
): Promise<null> {
  const { node, stepKey, progress } = started;
  // The innermost step that failed keeps its name: a loop reports which iteration's step broke.
  const failure = toStepError(thrown);
  const error = failure.step ? failure : failure.at(stepKey);
  const handler = UNCATCHABLE.has(error.code) ? undefined : node.catch.find((h) => handles(h, error));
  const caught = handler?.then === 'continue';
  scope.steps[node.id] = { status: caught ? 'caught' : 'failed', result: null, error: error.toJSON() };
  run.recorder.emit({
    type: 'step.failed',
    stepKey,
    id: node.id,
    step: started.stepId,
    attempts: progress.attempts,
    durationMs: run.clock.now() - started.startedAt,
    error: error.toJSON(),
    caught,
    ...creditsOf(progress),
  });
  const status = caught ? 'caught' : 'failed';
  if (recorded?.status === status) run.recorder.adopt(started.order, { ...recorded, replayed: 'recorded' });
  else await recordTrace(started, run, status, undefined, error);
  if (!caught) throw error;
  const assigning = assign(handler?.assign, scope, stepKey, { error: error.toJSON() });
  if (assigning) await assigning;
  return null;
}

/** Failures no `catch` takes: a cancelled run stops, and an unknown outcome waits for an operator. */
const UNCATCHABLE: ReadonlySet<string> = new Set(['cancelled', 'outcome_unknown']);

/** A step that has started: what its trace is written from, whether it succeeds or fails. */
interface Started {
  node: CompiledStep;
  stepKey: string;
  stepId: string | undefined;
  order: number;
  startedAt: number;
  progress: StepProgress;
}

/**
 * Writes and records a step's trace. One literal, no spreads and no closure per step: this runs for
 * every step, and Node 20 is slow to spread an object and then add to it.
 */
function recordTrace(
  started: Started,
  run: RunContext,
  status: StepStatus,
  result: unknown,
  error: StepError | undefined,
): Promise<void> {
  const { node, progress } = started;
  const trace: StepTrace = {
    stepKey: started.stepKey,
    id: node.id,
    step: started.stepId,
    status,
    attempts: progress.attempts,
    startedAt: started.startedAt,
    durationMs: run.clock.now() - started.startedAt,
  };
  if (progress.args !== undefined) trace.args = progress.args;
  if (result !== undefined) trace.result = result;
  if (error) trace.error = error.toJSON();
  // A copy: the step may still count after it ended, and a trace never changes once recorded.
  if (progress.meter) trace.meter = Object.assign({}, progress.meter);
  if (progress.credits) trace.credits = copyOfCredits(progress.credits);
  if (node.step) trace.requests = progress.requests;
  if (progress.account) trace.account = { id: progress.account.id, name: progress.account.name };
  if (progress.requestLog) trace.requestLog = loggedRequests(progress.requestLog);
  const unknown = error && progress.writes?.unknown();
  if (unknown) {
    trace.outcome = 'unknown';
    trace.outcomeReason = unknown;
  }
  if (progress.replayed) trace.replayed = progress.replayed;
  return run.recorder.record(started.order, trace);
}

/** The step's own work; null at once for a step that has none (only `if`, `assign` or `catch`). */
function runWork(
  node: CompiledStep,
  scope: Scope,
  stepKey: string,
  signal: AbortSignal,
  run: RunContext,
  progress: StepProgress,
): Promise<unknown> | null {
  if (node.step || node.node.step) return runToolStep(node, scope, stepKey, signal, run, progress);
  progress.attempts = 1;
  if (!node.forEach && !node.parallel) return null;
  return runControl(node, scope, stepKey, signal, run);
}

async function runControl(
  node: CompiledStep,
  scope: Scope,
  stepKey: string,
  signal: AbortSignal,
  run: RunContext,
): Promise<unknown> {
  // A loop's or branches' timeout bounds all of their work together.
  const deadline = new Deadline(signal, node.timeoutMs, `Step "${stepKey}"`);
  try {
    if (node.forEach) return await runForEach(node, scope, stepKey, deadline.signal, run);
    return await runParallel(node.parallel ?? [], scope, stepKey, deadline.signal, run);
  } finally {
    deadline.dispose();
  }
}

/** Iterations run up to `concurrency` at once; results keep item order. The first failure stops the rest. */
async function runForEach(
  node: CompiledStep,
  scope: Scope,
  stepKey: string,
  signal: AbortSignal,
  run: RunContext,
) {
  const loop = node.forEach!;
  const items = await loop.items.evaluate(scope.bindings(), stepKey);
  if (!Array.isArray(items)) {
    throw new StepError({
      code: 'validation',
      field: `${node.pointer}/forEach/items`,
      message: `forEach.items of step "${stepKey}" must be an array, but it is ${describeType(items)}`,
    });
  }
  // p-map loads with the first forEach, not with the engine.
  const { default: pMap } = await import('p-map');
  const stop = new Deadline(signal, undefined, `Step "${stepKey}"`);
  try {
    return await pMap(
      items,
      async (item, index) => {
        const iteration = scope.child({ [loop.as]: item, index });
        try {
          return await runSequence(loop.steps, iteration, `${stepKey}[${index}]`, stop.signal, run);
        } catch (error) {
          stopOthers(stop, error);
          throw error;
        }
      },
      { concurrency: loop.concurrency },
    );
  } catch (error) {
    throw signal.aborted ? cancellation(signal.reason) : error;
  } finally {
    stop.dispose();
  }
}

/** Branches run at once and share the scope; the result lists each branch's last result. */
async function runParallel(
  branches: CompiledStep[][],
  scope: Scope,
  stepKey: string,
  signal: AbortSignal,
  run: RunContext,
) {
  const stop = new Deadline(signal, undefined, `Step "${stepKey}"`);
  try {
    return await Promise.all(
      branches.map((branch, index) =>
        runSequence(branch, scope, `${stepKey}[${index}]`, stop.signal, run).catch((error) => {
          stopOthers(stop, error);
          throw error;
        }),
      ),
    );
  } finally {
    stop.dispose();
  }
}

/** Cancels sibling work after a failure, so nothing new starts once the outcome is known. */
function stopOthers(stop: Deadline, error: unknown): void {
  stop.abort(
    new StepError({
      code: 'cancelled',
      message: `Stopped because another part failed: ${toStepError(error).message}`,
    }),
  );
}

/**
 * Sets a step's variables. Evaluates all first, then sets: one step's assignments see the same
 * values, in any order. Literal ones are set at once (no promise); the promise is for expressions.
 */
function assign(
  assignments: Record<string, Template> | undefined,
  scope: Scope,
  stepKey: string,
  extra: Record<string, unknown>,
): Promise<void> | undefined {
  if (!assignments) return undefined;
  if (!allLiteral(assignments)) return assignEvaluated(assignments, scope, stepKey, extra);
  assignLiterals(assignments, scope);
  return undefined;
}

function allLiteral(assignments: Record<string, Template>): boolean {
  for (const name of Object.keys(assignments)) if (!assignments[name].isLiteral) return false;
  return true;
}

function assignLiterals(assignments: Record<string, Template>, scope: Scope): void {
  for (const name of Object.keys(assignments)) {
    const template = assignments[name];
    if (template.isLiteral) scope.assign(name, template.value());
  }
}

async function assignEvaluated(
  assignments: Record<string, Template>,
  scope: Scope,
  stepKey: string,
  extra: Record<string, unknown>,
): Promise<void> {
  const bindings = scope.bindings(extra);
  // Each starts (and takes the names it reads) before any is set.
  const names = Object.keys(assignments);
  const pending: Promise<unknown>[] = [];
  for (const name of names) pending.push(assignments[name].evaluate(bindings, stepKey));
  const values = await Promise.all(pending);
  for (let index = 0; index < names.length; index++) scope.assign(names[index], values[index]);
}

function handles(handler: CompiledCatch, error: StepError): boolean {
  return handler.on === '*' || handler.on.has(error.code);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  return `a ${typeof value} (${cutBeforeToken(JSON.stringify(value), 60)})`;
}
