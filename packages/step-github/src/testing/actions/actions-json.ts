import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { minimalRepositoryJson } from '../repositories/minimal-repository-json.js';
import { accountJson } from '../shared/account-json.js';
import type { Repository } from '../shared/github-model.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';
import type { WorkflowRunRecord } from './actions-store.js';
import type { WorkflowRecord } from './workflows-store.js';

/** GitHub's `workflow` shape. */
export function workflowJson(c: Context, repo: Repository, workflow: WorkflowRecord) {
  const repoUrl = `${apiBase(c)}/repos/${repo.owner}/${repo.name}`;
  const html = `${htmlBase(c)}/${repo.owner}/${repo.name}`;
  return {
    id: workflow.id,
    node_id: workflow.node_id,
    name: workflow.name,
    path: workflow.path,
    state: workflow.state,
    created_at: workflow.created_at,
    updated_at: workflow.updated_at,
    url: `${repoUrl}/actions/workflows/${workflow.id}`,
    html_url: `${html}/blob/${repo.default_branch}/${workflow.path}`,
    badge_url: `${html}/workflows/${encodeURIComponent(workflow.name)}/badge.svg`,
  };
}

/** GitHub's `workflow-run` shape, with the head commit from the repository's git data. */
export function workflowRunJson(c: Context, state: GithubState, repo: Repository, run: WorkflowRunRecord) {
  const repoUrl = `${apiBase(c)}/repos/${repo.owner}/${repo.name}`;
  const url = `${repoUrl}/actions/runs/${run.id}`;
  const workflow = state.workflows.list(run.repoKey).find((candidate) => candidate.id === run.workflow_id);
  const commit = state.git.commit(run.repoKey, run.head_sha);
  const user = (login: string) =>
    accountJson(c, state.account(login) ?? { id: 0, node_id: '', login, type: 'User' });
  const repository = minimalRepositoryJson(c, state, repo);
  return {
    id: run.id,
    name: workflow?.name ?? null,
    node_id: run.node_id,
    check_suite_id: run.check_suite_id,
    check_suite_node_id: run.check_suite_node_id,
    head_branch: run.head_branch,
    head_sha: run.head_sha,
    path: `${workflow?.path ?? ''}@${run.head_branch ?? run.head_sha}`,
    run_number: run.run_number,
    run_attempt: run.run_attempt,
    referenced_workflows: [],
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: run.workflow_id,
    url,
    html_url: `${htmlBase(c)}/${repo.owner}/${repo.name}/actions/runs/${run.id}`,
    pull_requests: [],
    created_at: run.created_at,
    updated_at: run.updated_at,
    actor: user(run.actor),
    triggering_actor: user(run.triggering_actor),
    run_started_at: run.run_started_at,
    jobs_url: `${url}/jobs`,
    logs_url: `${url}/logs`,
    check_suite_url: `${repoUrl}/check-suites/${run.check_suite_id}`,
    artifacts_url: `${url}/artifacts`,
    cancel_url: `${url}/cancel`,
    rerun_url: `${url}/rerun`,
    previous_attempt_url: null,
    workflow_url: `${repoUrl}/actions/workflows/${run.workflow_id}`,
    head_commit:
      commit === undefined
        ? null
        : {
            id: commit.sha,
            tree_id: commit.treeSha,
            message: commit.message,
            timestamp: commit.committer.date,
            author: { name: commit.author.name, email: commit.author.email },
            committer: { name: commit.committer.name, email: commit.committer.email },
          },
    repository,
    head_repository: repository,
    head_repository_id: repo.id,
    display_title: run.display_title,
  };
}
