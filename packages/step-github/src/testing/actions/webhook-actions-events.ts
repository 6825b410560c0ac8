import type { GithubState } from '../github-state.js';
import { contextAt, emitRepositoryEvent } from '../hooks/webhook-events.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';
import { workflowJson, workflowRunJson } from './actions-json.js';
import type { RunConclusion, WorkflowRunRecord } from './actions-store.js';

/** A job's conclusion is one of four: the run's other endings read as a failed job. */
const JOB_CONCLUSION: Partial<Record<RunConclusion, 'success' | 'failure' | 'cancelled' | 'skipped'>> = {
  success: 'success',
  cancelled: 'cancelled',
  skipped: 'skipped',
};

/**
 * `workflow_job` then `workflow_run` completed, when a run completes (read to completion or
 * completed by a test). No request causes it, so the payload's URLs use the emulator's root. The
 * emulator models a run as one job, `build`, with one step.
 */
export function emitRunCompleted(state: GithubState, run: WorkflowRunRecord): void {
  const [owner = '', name = ''] = run.repoKey.split('/');
  const repo = state.repository(owner, name);
  const workflow = state.workflows.list(run.repoKey).find((candidate) => candidate.id === run.workflow_id);
  const sender = state.account(run.triggering_actor);
  if (repo === undefined || workflow === undefined || sender === undefined) return;
  const c = contextAt(state.webhooks.baseUrl);
  const runUrl = `${apiBase(c)}/repos/${repo.owner}/${repo.name}/actions/runs/${run.id}`;
  const jobId = run.check_suite_id + 1;
  const conclusion = JOB_CONCLUSION[run.conclusion ?? 'success'] ?? 'failure';
  emitRepositoryEvent(
    c,
    state,
    repo,
    'workflow_job',
    () => ({
      action: 'completed',
      workflow_job: {
        id: jobId,
        run_id: run.id,
        run_attempt: run.run_attempt,
        run_url: runUrl,
        head_sha: run.head_sha,
        node_id: state.nodeId('CR', jobId),
        name: 'build',
        check_run_url: `${apiBase(c)}/repos/${repo.owner}/${repo.name}/check-runs/${jobId}`,
        html_url: `${htmlBase(c)}/${repo.owner}/${repo.name}/actions/runs/${run.id}/job/${jobId}`,
        url: `${apiBase(c)}/repos/${repo.owner}/${repo.name}/actions/jobs/${jobId}`,
        status: 'completed',
        steps: [
          {
            name: 'Run the workflow',
            status: 'completed',
            conclusion,
            number: 1,
            started_at: run.run_started_at,
            completed_at: run.updated_at,
          },
        ],
        conclusion,
        labels: ['ubuntu-latest'],
        runner_id: 1,
        runner_name: 'GitHub Actions 1',
        runner_group_id: 1,
        runner_group_name: 'GitHub Actions',
        started_at: run.run_started_at,
        completed_at: run.updated_at,
        workflow_name: workflow.name,
        head_branch: run.head_branch,
        created_at: run.created_at,
      },
    }),
    sender,
  );
  emitRepositoryEvent(
    c,
    state,
    repo,
    'workflow_run',
    () => {
      const { head_repository_id: _headRepositoryId, ...json } = workflowRunJson(c, state, repo, run);
      return {
        action: 'completed',
        workflow: workflowJson(c, repo, workflow),
        workflow_run: { ...json, name: workflow.name, head_branch: run.head_branch ?? run.head_sha },
      };
    },
    sender,
  );
}
