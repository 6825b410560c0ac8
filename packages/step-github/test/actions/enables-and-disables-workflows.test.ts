import { describe, expect, it } from '@jest/globals';
import { createWorkflowDispatch } from '../../src/steps/create-workflow-dispatch.js';
import { disableWorkflow } from '../../src/steps/disable-workflow.js';
import { enableWorkflow } from '../../src/steps/enable-workflow.js';
import { MONA_TOKEN, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const REPO = { owner: 'octo-org', repo: 'hello-world' };
const KEY = repoKey(REPO.owner, REPO.repo);

describe('github.enable_workflow and github.disable_workflow switch a workflow on and off', () => {
  const gh = useGithubEmulator();
  const stateOf = (file: string) => gh.emulator.state.workflows.find(KEY, file)?.state;

  it('disables a workflow by file name and returns it with its new state', async () => {
    const outcome = await gh.run(disableWorkflow, { ...REPO, workflow_id: 'deploy.yml' });

    expect(outcome.ok).toBe(true);
    expect(outcome.result).toMatchObject({
      name: 'Deploy',
      path: '.github/workflows/deploy.yml',
      state: 'disabled_manually',
    });
    expect(stateOf('deploy.yml')).toBe('disabled_manually');
    expect(
      gh.emulator.requests.map((request) => `${request.method} ${request.path} ${request.status}`),
    ).toEqual([
      'PUT /repos/octo-org/hello-world/actions/workflows/deploy.yml/disable 204',
      'GET /repos/octo-org/hello-world/actions/workflows/deploy.yml 200',
    ]);
    // A disabled workflow cannot be dispatched any more.
    const dispatch = await gh.run(createWorkflowDispatch, {
      ...REPO,
      workflow_id: 'deploy.yml',
      ref: 'main',
      inputs: { environment: 'staging' },
    });
    expect(dispatch.error?.message).toContain("Cannot trigger a 'workflow_dispatch' on a disabled workflow");
  });

  it('enables a disabled workflow by numeric id, after which it can be dispatched', async () => {
    const nightly = gh.emulator.state.workflows.find(KEY, 'nightly.yml')!;
    const outcome = await gh.run(enableWorkflow, { ...REPO, workflow_id: nightly.id });

    expect(outcome.ok).toBe(true);
    expect(outcome.result).toMatchObject({ id: nightly.id, name: 'Nightly', state: 'active' });
    const dispatch = await gh.run(createWorkflowDispatch, {
      ...REPO,
      workflow_id: 'nightly.yml',
      ref: 'main',
    });
    expect(dispatch.ok).toBe(true);
  });

  it('succeeds when the workflow is already in the asked state', async () => {
    const outcome = await gh.run(enableWorkflow, { ...REPO, workflow_id: 'ci.yml' });
    expect(outcome.ok).toBe(true);
    expect(outcome.result).toMatchObject({ state: 'active' });
  });

  it('fails forbidden for a user without push access and leaves the workflow as it was', async () => {
    const outcome = await gh.run(
      disableWorkflow,
      { ...REPO, workflow_id: 'ci.yml' },
      { account: gh.emulator.accountFor('mona', MONA_TOKEN) },
    );
    expect(outcome.error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(stateOf('ci.yml')).toBe('active');
  });

  it('fails not_found for an unknown workflow', async () => {
    const outcome = await gh.run(enableWorkflow, { ...REPO, workflow_id: 'missing.yml' });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses a workflow_id that is not an id or a .yml file name, before sending', async () => {
    const outcome = await gh.run(disableWorkflow, { ...REPO, workflow_id: 'ci' });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/workflow_id' });
    expect(gh.emulator.requests).toHaveLength(0);
  });
});
