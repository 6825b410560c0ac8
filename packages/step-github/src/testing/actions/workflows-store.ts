import type { GithubCore } from '../shared/github-core.js';

export type WorkflowState =
  | 'active'
  | 'deleted'
  | 'disabled_fork'
  | 'disabled_inactivity'
  | 'disabled_manually';

/** One `on.workflow_dispatch.inputs` entry of a workflow file. */
export interface DispatchInputSpec {
  type: 'string' | 'boolean' | 'choice' | 'number' | 'environment';
  required?: boolean;
  default?: string | boolean | number;
  /** The allowed values of a `choice` input. */
  options?: string[];
  description?: string;
}

export interface WorkflowRecord {
  id: number;
  node_id: string;
  repoKey: string;
  name: string;
  /** `.github/workflows/ci.yml`; the API also accepts the file name in place of the id. */
  path: string;
  state: WorkflowState;
  created_at: string;
  updated_at: string;
  /** The events of its `on:` key. */
  events: string[];
  /** The `workflow_dispatch` inputs, when `events` has that trigger. */
  dispatchInputs: Record<string, DispatchInputSpec>;
}

/** The workflow files of every repository, keyed by repository key. */
export class WorkflowsStore {
  readonly #workflows = new Map<string, WorkflowRecord[]>();

  constructor(private readonly state: GithubCore) {}

  add(
    repoKey: string,
    fields: Pick<WorkflowRecord, 'name' | 'path'> &
      Partial<Pick<WorkflowRecord, 'state' | 'events' | 'dispatchInputs' | 'created_at'>>,
  ): WorkflowRecord {
    const id = this.state.nextId();
    const created = fields.created_at ?? this.state.isoNow();
    const workflow: WorkflowRecord = {
      state: 'active',
      events: ['push'],
      dispatchInputs: {},
      ...fields,
      id,
      node_id: this.state.nodeId('W', id),
      repoKey,
      created_at: created,
      updated_at: created,
    };
    this.#workflows.set(repoKey, [...this.list(repoKey), workflow]);
    return workflow;
  }

  list(repoKey: string): readonly WorkflowRecord[] {
    return this.#workflows.get(repoKey) ?? [];
  }

  /** By numeric id, or by file name (`ci.yml`) as the API allows. */
  find(repoKey: string, idOrFileName: string): WorkflowRecord | undefined {
    const byId = /^\d+$/.test(idOrFileName) ? Number(idOrFileName) : undefined;
    return this.list(repoKey).find((workflow) =>
      byId !== undefined ? workflow.id === byId : workflow.path.split('/').pop() === idOrFileName,
    );
  }

  setState(workflow: WorkflowRecord, state: WorkflowState): void {
    if (workflow.state === state) return;
    workflow.state = state;
    workflow.updated_at = this.state.isoNow();
  }
}
