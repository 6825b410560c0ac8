import { describe, expect, it } from '@jest/globals';
import { createWorkflowDispatch } from '../../src/steps/create-workflow-dispatch.js';
import { getWorkflowRun } from '../../src/steps/get-workflow-run.js';
import { HUBOT_TOKEN, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const REPO = { owner: 'octo-org', repo: 'hello-world' };
const KEY = repoKey(REPO.owner, REPO.repo);

interface Dispatched {
  workflow_run_id?: number;
  run_url?: string;
  html_url?: string;
}

describe('github.create_workflow_dispatch starts a run that github.get_workflow_run can watch', () => {
  const gh = useGithubEmulator();
  const dispatch = (input: Record<string, unknown>, options = {}) =>
    gh.run<Dispatched>(createWorkflowDispatch, { ...REPO, ...input }, options);
  const getRun = (runId: number) => gh.run<Record<string, any>>(getWorkflowRun, { ...REPO, run_id: runId });

  it('dispatches by file name on a branch, with inputs, and reports the new run', async () => {
    const main = gh.emulator.state.git.branchSha(KEY, 'main');
    const outcome = await dispatch({
      workflow_id: 'deploy.yml',
      ref: 'main',
      inputs: { environment: 'production' },
    });

    expect(outcome.ok).toBe(true);
    const runId = outcome.result?.workflow_run_id as number;
    expect(outcome.result).toMatchObject({
      workflow_id: 'deploy.yml',
      ref: 'main',
      run_url: `${gh.emulator.baseUrl}/repos/octo-org/hello-world/actions/runs/${runId}`,
    });
    const sent = gh.emulator.requests[0];
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/repos/octo-org/hello-world/actions/workflows/deploy.yml/dispatches',
      body: { ref: 'main', inputs: { environment: 'production' }, return_run_details: true },
    });
    // The input left out takes the workflow file's default.
    expect(gh.emulator.state.actions.runById(runId)).toMatchObject({
      event: 'workflow_dispatch',
      head_branch: 'main',
      head_sha: main,
      actor: 'octocat',
      status: 'queued',
      inputs: { environment: 'production', dry_run: false },
    });
  });

  it('shows the run queued, then in progress, then completed with success on successive reads', async () => {
    const dispatched = await dispatch({
      workflow_id: 'deploy.yml',
      ref: 'feature/login',
      inputs: { environment: 'staging' },
    });
    const runId = dispatched.result?.workflow_run_id as number;

    const seen = [];
    for (let read = 0; read < 4; read++) {
      const outcome = await getRun(runId);
      expect(outcome.ok).toBe(true);
      seen.push([outcome.result?.status, outcome.result?.conclusion]);
    }
    expect(seen).toEqual([
      ['queued', null],
      ['in_progress', null],
      ['completed', 'success'],
      ['completed', 'success'],
    ]);
    const last = await getRun(runId);
    expect(last.result).toMatchObject({
      id: runId,
      name: 'Deploy',
      event: 'workflow_dispatch',
      head_branch: 'feature/login',
      head_sha: gh.emulator.state.git.branchSha(KEY, 'feature/login'),
      path: '.github/workflows/deploy.yml@feature/login',
      html_url: expect.stringContaining(`/octo-org/hello-world/actions/runs/${runId}`),
      actor: { login: 'octocat' },
      head_commit: { message: 'Add a login form' },
      repository: { full_name: 'octo-org/hello-world' },
    });
  });

  it('lets a test decide how a run ends', async () => {
    const dispatched = await dispatch({
      workflow_id: 'deploy.yml',
      ref: 'main',
      inputs: { environment: 'staging' },
    });
    const runId = dispatched.result?.workflow_run_id as number;

    gh.emulator.state.actions.planOutcome(runId, 'failure');
    await getRun(runId);
    await getRun(runId);
    expect((await getRun(runId)).result).toMatchObject({ status: 'completed', conclusion: 'failure' });

    const other = await dispatch({
      workflow_id: 'deploy.yml',
      ref: 'main',
      inputs: { environment: 'staging' },
    });
    gh.emulator.state.actions.completeRun(other.result?.workflow_run_id as number, 'cancelled');
    expect((await getRun(other.result?.workflow_run_id as number)).result).toMatchObject({
      status: 'completed',
      conclusion: 'cancelled',
    });
  });

  it('dispatches by numeric workflow id, on a tag, with typed inputs given as text', async () => {
    const deploy = gh.emulator.state.workflows.find(KEY, 'deploy.yml')!;
    const outcome = await dispatch({
      workflow_id: deploy.id,
      ref: 'v1.0.0',
      inputs: { environment: 'staging', dry_run: 'true' },
    });

    expect(outcome.ok).toBe(true);
    expect(gh.emulator.requests[0].path).toBe(
      `/repos/octo-org/hello-world/actions/workflows/${deploy.id}/dispatches`,
    );
    expect(gh.emulator.state.actions.runById(outcome.result?.workflow_run_id as number)).toMatchObject({
      head_branch: 'v1.0.0',
      head_sha: gh.emulator.state.git.tagSha(KEY, 'v1.0.0'),
      inputs: { environment: 'staging', dry_run: true },
    });
  });

  it('lets a collaborator with push access dispatch, as that user', async () => {
    const outcome = await dispatch(
      { workflow_id: 'deploy.yml', ref: 'main', inputs: { environment: 'staging' } },
      { account: gh.emulator.accountFor('hubot', HUBOT_TOKEN) },
    );
    expect(outcome.ok).toBe(true);
    expect(gh.emulator.state.actions.runById(outcome.result?.workflow_run_id as number)?.actor).toBe('hubot');
  });

  it('works against a GitHub Enterprise Server address (/api/v3)', async () => {
    const outcome = await dispatch(
      { workflow_id: 'deploy.yml', ref: 'main', inputs: { environment: 'staging' } },
      { account: gh.emulator.enterpriseAccount },
    );
    expect(outcome.ok).toBe(true);
    expect(gh.emulator.requests[0].path).toBe(
      '/api/v3/repos/octo-org/hello-world/actions/workflows/deploy.yml/dispatches',
    );
    expect(outcome.result?.run_url).toContain('/api/v3/repos/octo-org/hello-world/actions/runs/');
  });

  it('reports a dispatch without run details when the server answers 204, as older servers do', async () => {
    gh.emulator.faults.inject({
      path: '/repos/octo-org/hello-world/actions/workflows/deploy.yml/dispatches',
      status: 204,
    });
    const outcome = await dispatch({
      workflow_id: 'deploy.yml',
      ref: 'main',
      inputs: { environment: 'staging' },
    });
    expect(outcome.ok).toBe(true);
    expect(outcome.result).toEqual({ workflow_id: 'deploy.yml', ref: 'main' });
  });

  it('fails not_found for a run id the repository does not have', async () => {
    const outcome = await getRun(999_999);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });
});
