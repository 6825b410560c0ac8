import { randomUUID } from 'node:crypto';
import { type HttpExchange, type Logger, StepError, toStepError } from '@toolsteps/sdk';
import { describedSchemaCheck, describeViolations } from '@toolsteps/sdk/schema';
import type { Clock } from '../ports/clock.js';
import type { CredentialVault } from '../ports/credential-vault.js';
import type { Journal, RunHistory, RunObserver, RunResult, RunStart, RunStatus } from '../ports/events.js';
import type { HttpClientFactory, SecretScrubber } from '../ports/services.js';
import { TOKENS } from '../ports/tokens.js';
import { type Dependencies, optional } from '../runtime/service.js';
import { MAX_JSON_DEPTH, unsafeJsonValue } from '../validation/untrusted-json.js';
import type { CompiledWorkflow } from '../workflow/compiled-workflow.js';
import { AccountResolver } from './account-resolver.js';
import { CreditLedger } from './credits/credit-ledger.js';
import { Deadline, NEVER_ABORTED } from './deadline.js';
import { RunReplay } from './resume/run-replay.js';
import type { RunContext } from './run-context.js';
import { RunRecorder } from './run-recorder.js';
import { runSequence } from './run-sequence.js';
import { Scope } from './scope.js';

export interface RunOptions {
  /** Cancels the run: in-flight requests are aborted and no further step starts. */
  signal?: AbortSignal;
  /** Progress as it happens (secrets already scrubbed). */
  onEvent?: RunObserver;
  runId?: string;
  /** Every HTTP request steps make, as it ends (secrets redacted): for test kits and debugging. */
  onExchange?: (stepKey: string, exchange: HttpExchange) => void;
  /**
   * Resumes a run from its journal record instead of starting one: its id, input, user and start
   * time are the recorded ones (`input`, `runId` and `user` are ignored), and what it already did is
   * replayed.
   */
  resume?: RunHistory;
  /**
   * Whether write steps may leave a hidden marker in what they write, so that a write a crash or a
   * silent answer left unsettled can be found again (default true). Tool calls turn it off unless
   * asked: see `CallOptions.resumableWrites`.
   */
  writeMarkers?: boolean;
  /**
   * The end user the run acts for: every step uses that user's accounts (see `ConnectedAccount.user`),
   * and fails `not_connected` when the user has none of its integration. Absent: accounts of no user.
   */
  user?: string;
}

/** Runs compiled workflows. Never throws for a failing run: the RunResult says what happened. */
export class WorkflowRunner {
  static readonly dependencies: Dependencies = [
    TOKENS.Vault,
    TOKENS.HttpClientFactory,
    TOKENS.Clock,
    TOKENS.Logger,
    TOKENS.Journal,
    TOKENS.SecretScrubber,
    optional(TOKENS.TraceRequests),
  ];

  constructor(
    private readonly vault: CredentialVault,
    private readonly http: HttpClientFactory,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly journal: Journal,
    private readonly scrubber: SecretScrubber,
    private readonly traceRequests: boolean = false,
  ) {}

  async run(workflow: CompiledWorkflow, given: unknown = {}, options: RunOptions = {}): Promise<RunResult> {
    const resume = options.resume;
    const runId = resume?.runId ?? options.runId ?? randomUUID();
    const startedAt = resume?.startedAt ?? this.clock.now();
    const input = resume ? resume.input : given;
    // A resumed run acts for the user it began for, whoever resumes it.
    const user = resume ? resume.user : options.user;
    const recorder = new RunRecorder(
      runId,
      this.clock,
      this.scrubber,
      this.journal,
      this.logger,
      options.onEvent,
    );
    const run: RunContext = {
      runId,
      workflow,
      recorder,
      accounts: new AccountResolver(this.vault, this.scrubber, workflow.defaultAccounts, user),
      http: this.http,
      clock: this.clock,
      logger: this.logger,
      random: Math.random,
      credits: new CreditLedger(),
      onExchange: options.onExchange,
      traceRequests: this.traceRequests,
      writeMarkers: options.writeMarkers ?? true,
      ...(resume ? { replay: new RunReplay(resume) } : {}),
    };
    // Before anything runs: every budget counts what the run's earlier lives spent.
    if (resume?.credits) run.credits.resumeFrom(resume.credits);
    const scope = Scope.root(input, { id: runId, startedAt: new Date(startedAt).toISOString() });
    // Most runs can neither be cancelled nor time out: they share one signal instead of each making one.
    const deadline =
      options.signal || workflow.timeoutMs !== undefined
        ? new Deadline(options.signal, workflow.timeoutMs, `Workflow "${workflow.id}"`)
        : undefined;
    const signal = deadline?.signal ?? NEVER_ABORTED;
    recorder.emit({ type: 'run.started', workflowId: workflow.id, ...(resume ? { resumed: true } : {}) });

    let status: RunStatus = 'succeeded';
    let output: unknown;
    let error: StepError | undefined;
    try {
      checkInput(workflow, input);
      if (this.journal.recordStart)
        await this.journal.recordStart(
          runStart(workflow, input, runId, startedAt, user, this.scrubber, resume),
        );
      await runSequence(workflow.steps, scope, '', signal, run);
      if (workflow.output) output = await workflow.output.evaluate(scope.bindings(), 'output');
    } catch (thrown) {
      error = toStepError(thrown);
      status = error.code === 'cancelled' ? 'cancelled' : 'failed';
    } finally {
      deadline?.dispose();
    }

    // Traces were scrubbed when recorded: only what has not been is scrubbed here (no second copy).
    const scrub = this.scrubber;
    const credits = run.credits.summary();
    const result: RunResult = {
      runId: scrub.scrub(runId),
      workflowId: scrub.scrub(workflow.id),
      status,
      ...(output === undefined ? {} : { output: scrub.scrubValue(output) }),
      vars: scrub.scrubValue(scope.allVars()),
      steps: recorder.steps(),
      ...(error ? { error: scrub.scrubValue(error.toJSON()) } : {}),
      ...(credits ? { credits } : {}),
      ...(user === undefined ? {} : { user: scrub.scrub(user) }),
      startedAt,
      durationMs: this.clock.now() - startedAt,
    };
    recorder.emit({
      type: 'run.finished',
      workflowId: workflow.id,
      status,
      durationMs: result.durationMs,
      ...(result.error ? { error: result.error } : {}),
      ...(credits ? { credits } : {}),
    });
    await this.journal.recordRun(result);
    return result;
  }
}

/** The start of a run as a journal keeps it: the input scrubbed like everything else it records. */
function runStart(
  workflow: CompiledWorkflow,
  input: unknown,
  runId: string,
  startedAt: number,
  user: string | undefined,
  scrubber: SecretScrubber,
  resume: RunHistory | undefined,
): RunStart {
  return {
    runId,
    workflowId: workflow.id,
    definition: workflow.definition,
    ...(workflow.file === undefined ? {} : { workflowFile: workflow.file }),
    input: scrubber.scrubValue(input),
    startedAt,
    ...(user === undefined ? {} : { user }),
    ...(resume ? { resumed: true } : {}),
  };
}

/** The run input must match the workflow's `input` schema before any step runs. */
function checkInput(workflow: CompiledWorkflow, input: unknown): void {
  // Before anything recursive (the schema check, expressions, copies) walks it.
  const unsafe = unsafeJsonValue(input);
  if (unsafe) {
    throw new StepError({
      code: 'validation',
      field: `/input${unsafe.pointer}`,
      message:
        unsafe.problem === 'too-deep'
          ? `The run input is nested deeper than ${MAX_JSON_DEPTH} levels at /input${unsafe.pointer}; nothing ran`
          : `The run input has a "__proto__" key at /input${unsafe.pointer}, which JavaScript does not keep as data; rename it. Nothing ran`,
    });
  }
  const schema = workflow.definition.input;
  if (!schema) return;
  // In the words `validate` and the CLI use, each with the value it got.
  const violations = describedSchemaCheck(schema)(input);
  if (violations.length === 0) return;
  throw new StepError({
    code: 'validation',
    field: `/input${violations[0].pointer}`,
    message: `The run input does not match the workflow's input schema: ${describeViolations(violations, 'input')}`,
    details: { violations },
  });
}
