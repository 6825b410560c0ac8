import type { GithubCore } from '../shared/github-core.js';
import type { WorkflowRecord } from './workflows-store.js';

export const RUN_STATUSES = [
  'requested',
  'waiting',
  'pending',
  'queued',
  'in_progress',
  'completed',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const RUN_CONCLUSIONS = [
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'skipped',
  'stale',
  'success',
  'timed_out',
] as const;
export type RunConclusion = (typeof RUN_CONCLUSIONS)[number];

export interface WorkflowRunRecord {
  id: number;
  node_id: string;
  repoKey: string;
  workflow_id: number;
  run_number: number;
  run_attempt: number;
  check_suite_id: number;
  check_suite_node_id: string;
  event: string;
  status: RunStatus;
  conclusion: RunConclusion | null;
  /** The conclusion the run reaches when it completes on its own. */
  outcome: RunConclusion;
  head_branch: string | null;
  head_sha: string;
  /** Logins. */
  actor: string;
  triggering_actor: string;
  display_title: string;
  /** The `workflow_dispatch` inputs it ran with, defaults filled in. */
  inputs: Record<string, string | boolean | number>;
  created_at: string;
  updated_at: string;
  run_started_at: string;
}

export type NewRun = Pick<
  WorkflowRunRecord,
  'event' | 'head_branch' | 'head_sha' | 'actor' | 'display_title'
> &
  Partial<
    Pick<
      WorkflowRunRecord,
      'status' | 'conclusion' | 'outcome' | 'inputs' | 'created_at' | 'triggering_actor'
    >
  >;

/** The run filters of GET .../actions/runs, as GitHub names them. */
export interface RunFilter {
  workflow_id?: number;
  /** A status or a conclusion. */
  status?: string;
  branch?: string;
  event?: string;
  actor?: string;
  head_sha?: string;
  check_suite_id?: number;
  /** Tells whether a run's `created_at` is in the asked range. */
  created?: (createdAt: string) => boolean;
}

/**
 * The workflow runs of GitHub Actions per repository. A run moves on one step each time it is read on its own
 * (queued, in_progress, then completed with its outcome): tests and the demo watch a dispatched run
 * finish by polling it, with no clock involved. `completeRun` settles a run at once.
 */
export class ActionsStore {
  readonly #runs = new Map<string, WorkflowRunRecord[]>();

  constructor(
    private readonly state: GithubCore,
    /** Told once per run, when it completes; the emulator sends the run's webhooks from there. */
    private readonly onCompleted: (run: WorkflowRunRecord) => void = () => {},
  ) {}

  addRun(workflow: WorkflowRecord, fields: NewRun): WorkflowRunRecord {
    const id = this.state.nextId();
    const checkSuiteId = this.state.nextId();
    const created = fields.created_at ?? this.state.isoNow();
    const previous = this.runs(workflow.repoKey, { workflow_id: workflow.id });
    const run: WorkflowRunRecord = {
      status: 'queued',
      conclusion: null,
      outcome: 'success',
      inputs: {},
      triggering_actor: fields.actor,
      ...fields,
      id,
      node_id: this.state.nodeId('WFR', id),
      repoKey: workflow.repoKey,
      workflow_id: workflow.id,
      run_number: previous.length + 1,
      run_attempt: 1,
      check_suite_id: checkSuiteId,
      check_suite_node_id: this.state.nodeId('CS', checkSuiteId),
      created_at: created,
      updated_at: created,
      run_started_at: created,
    };
    this.#runs.set(workflow.repoKey, [...(this.#runs.get(workflow.repoKey) ?? []), run]);
    return run;
  }

  /** A repository's runs, newest first, narrowed by the filter. */
  runs(repoKey: string, filter: RunFilter = {}): WorkflowRunRecord[] {
    const matches = (run: WorkflowRunRecord) =>
      (filter.workflow_id === undefined || run.workflow_id === filter.workflow_id) &&
      (filter.status === undefined || run.status === filter.status || run.conclusion === filter.status) &&
      (filter.branch === undefined || run.head_branch === filter.branch) &&
      (filter.event === undefined || run.event === filter.event) &&
      (filter.actor === undefined || run.actor.toLowerCase() === filter.actor.toLowerCase()) &&
      (filter.head_sha === undefined || run.head_sha === filter.head_sha) &&
      (filter.check_suite_id === undefined || run.check_suite_id === filter.check_suite_id) &&
      (filter.created === undefined || filter.created(run.created_at));
    return (this.#runs.get(repoKey) ?? [])
      .filter(matches)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  }

  run(repoKey: string, runId: number): WorkflowRunRecord | undefined {
    return this.#runs.get(repoKey)?.find((run) => run.id === runId);
  }

  /** Any repository's run by id, for tests and the demo. */
  runById(runId: number): WorkflowRunRecord | undefined {
    for (const runs of this.#runs.values()) {
      const run = runs.find((candidate) => candidate.id === runId);
      if (run !== undefined) return run;
    }
    return undefined;
  }

  /** One step on: queued (or waiting) to in_progress, in_progress to completed with its outcome. */
  advance(run: WorkflowRunRecord): void {
    if (run.status === 'completed') return;
    if (run.status === 'in_progress') this.#complete(run, run.outcome);
    else {
      run.status = 'in_progress';
      run.run_started_at = this.state.isoNow();
      run.updated_at = run.run_started_at;
    }
  }

  /** The conclusion a run will reach when it completes by itself. */
  planOutcome(runId: number, outcome: RunConclusion): WorkflowRunRecord {
    const run = this.#known(runId);
    run.outcome = outcome;
    return run;
  }

  /** Completes a run now with the given conclusion (default: its planned outcome). */
  completeRun(runId: number, conclusion?: RunConclusion): WorkflowRunRecord {
    const run = this.#known(runId);
    this.#complete(run, conclusion ?? run.outcome);
    return run;
  }

  #complete(run: WorkflowRunRecord, conclusion: RunConclusion): void {
    const finished = run.status !== 'completed';
    run.status = 'completed';
    run.conclusion = conclusion;
    run.outcome = conclusion;
    run.updated_at = this.state.isoNow();
    // A run completes once; settling it again changes its conclusion without a second event.
    if (finished) this.onCompleted(run);
  }

  #known(runId: number): WorkflowRunRecord {
    const run = this.runById(runId);
    if (run === undefined) throw new Error(`No workflow run ${runId} in the emulator`);
    return run;
  }
}
