import type { GithubState } from '../github-state.js';
import { repoKey } from '../shared/github-model.js';
import type { RunConclusion } from './actions-store.js';

/**
 * octo-org/hello-world's workflows: CI (push, pull_request), Deploy (dispatch with inputs) and
 * Nightly (disabled); past CI runs for main's commits and feature/login, and one finished deploy.
 * Runs the git seed's commits, so it comes after it.
 */
export function seedActions(state: GithubState): void {
  const key = repoKey('octo-org', 'hello-world');
  const ci = state.workflows.add(key, {
    name: 'CI',
    path: '.github/workflows/ci.yml',
    events: ['push', 'pull_request'],
    created_at: '2024-01-05T10:00:00Z',
  });
  const deploy = state.workflows.add(key, {
    name: 'Deploy',
    path: '.github/workflows/deploy.yml',
    events: ['workflow_dispatch'],
    dispatchInputs: {
      environment: {
        type: 'choice',
        required: true,
        options: ['staging', 'production'],
        description: 'Where to deploy',
      },
      dry_run: { type: 'boolean', default: false, description: 'Only show what would change' },
    },
    created_at: '2024-01-05T10:00:00Z',
  });
  state.workflows.add(key, {
    name: 'Nightly',
    path: '.github/workflows/nightly.yml',
    events: ['schedule', 'workflow_dispatch'],
    state: 'disabled_manually',
    created_at: '2024-01-05T10:00:00Z',
  });

  const main = state.git.branchSha(key, 'main');
  const feature = state.git.branchSha(key, 'feature/login');
  if (main === undefined || feature === undefined) {
    throw new Error(
      'seedActions: octo-org/hello-world needs branches main and feature/login (seed git first)',
    );
  }
  const outcomes: RunConclusion[] = ['success', 'failure', 'success'];
  const pushes = state.git.history(key, main).slice(0, outcomes.length).reverse();
  pushes.forEach((commit, index) => {
    state.actions.addRun(ci, {
      event: 'push',
      head_branch: 'main',
      head_sha: commit.sha,
      actor: 'octocat',
      display_title: commit.message.split('\n')[0],
      status: 'completed',
      conclusion: outcomes[index],
      outcome: outcomes[index],
      created_at: commit.committer.date,
    });
  });
  const featureCommit = state.git.commit(key, feature);
  state.actions.addRun(ci, {
    event: 'pull_request',
    head_branch: 'feature/login',
    head_sha: feature,
    actor: 'hubot',
    display_title: featureCommit?.message.split('\n')[0] ?? 'feature/login',
    status: 'completed',
    conclusion: 'success',
    created_at: featureCommit?.committer.date ?? '2024-04-01T09:00:00Z',
  });
  state.actions.addRun(deploy, {
    event: 'workflow_dispatch',
    head_branch: 'main',
    head_sha: main,
    actor: 'octocat',
    display_title: 'Deploy',
    status: 'completed',
    conclusion: 'success',
    inputs: { environment: 'staging', dry_run: false },
    created_at: '2024-04-15T16:00:00Z',
  });
}
