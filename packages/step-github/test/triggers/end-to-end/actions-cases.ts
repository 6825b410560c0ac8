import { createWorkflowDispatch, getWorkflowRun } from '../../../src/index.js';
import { DEMO_REPO } from '../../../src/testing/index.js';
import type { GithubHand, TriggerCase } from './trigger-case.js';

/** Reads of a run, each moving it one step on: queued, in progress, completed. */
const MAX_READS = 10;

/**
 * Dispatches the demo's Deploy workflow and watches the run as a user would until it completes,
 * which is when GitHub sends `workflow_job` and `workflow_run` completed.
 */
async function deployToStaging(hand: GithubHand): Promise<void> {
  const dispatched = await hand.run<{ workflow_run_id: number }>(createWorkflowDispatch, {
    ...DEMO_REPO,
    workflow_id: 'deploy.yml',
    ref: 'main',
    inputs: { environment: 'staging' },
  });
  for (let read = 0; read < MAX_READS; read++) {
    const run = await hand.run<{ status: string }>(getWorkflowRun, {
      ...DEMO_REPO,
      run_id: dispatched.workflow_run_id,
    });
    if (run.status === 'completed') return;
  }
  throw new Error(`Run ${dispatched.workflow_run_id} did not complete in ${MAX_READS} reads`);
}

/** Triggers about GitHub Actions. */
export const ACTIONS_CASES: TriggerCase[] = [
  {
    trigger: 'github.workflow_run_completed',
    config: { ...DEMO_REPO },
    filter: "$event.workflow_run.event = 'workflow_dispatch'",
    summary:
      "$event.workflow_run.name & ' on ' & $event.workflow_run.head_branch & ': ' & $event.workflow_run.conclusion",
    expected: 'Deploy on main: success',
    cause: 'create_workflow_dispatch, then get_workflow_run until it completes',
    act: deployToStaging,
  },
  {
    trigger: 'github.workflow_job_completed',
    config: { ...DEMO_REPO },
    filter: "$event.workflow_job.conclusion = 'success'",
    summary:
      "$event.workflow_job.workflow_name & ' / ' & $event.workflow_job.name & ': ' & $event.workflow_job.conclusion",
    expected: 'Deploy / build: success',
    cause: 'create_workflow_dispatch, then get_workflow_run until it completes',
    act: deployToStaging,
  },
];
