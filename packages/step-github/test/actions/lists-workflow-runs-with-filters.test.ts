import { describe, expect, it } from '@jest/globals';
import { createWorkflowDispatch } from '../../src/steps/create-workflow-dispatch.js';
import { getWorkflowRun } from '../../src/steps/get-workflow-run.js';
import { listWorkflowRuns } from '../../src/steps/list-workflow-runs.js';
import { repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const REPO = { owner: 'octo-org', repo: 'hello-world' };
const KEY = repoKey(REPO.owner, REPO.repo);

interface Listed {
  total_count: number;
  workflow_runs: Array<{
    id: number;
    name: string;
    display_title?: string;
    event: string;
    status: string;
    conclusion: string | null;
    head_branch: string;
  }>;
  next_page?: number;
}

/**
 * The seed's runs, newest first: Deploy (dispatch, main, Apr 15), CI (pull_request by hubot on
 * feature/login, Mar 1), and CI pushes to main: "Explain how to run it" (success, Feb 18),
 * "Add the logo" (failure, Feb 2), "Write the guide" (success, Jan 20).
 */
describe('github.list_workflow_runs lists runs newest first, filtered as GitHub filters them', () => {
  const gh = useGithubEmulator();
  const list = (input: Record<string, unknown> = {}) =>
    gh.run<Listed>(listWorkflowRuns, { ...REPO, ...input });
  const titles = (outcome: { result?: Listed }) =>
    outcome.result?.workflow_runs.map((run) => run.display_title);

  it('lists every run of the repository with the total count', async () => {
    const outcome = await list();
    expect(outcome.ok).toBe(true);
    expect(outcome.result?.total_count).toBe(5);
    expect(titles(outcome)).toEqual([
      'Deploy',
      'Add a login form',
      'Explain how to run it',
      'Add the logo',
      'Write the guide',
    ]);
    expect(outcome.result?.next_page).toBeUndefined();
  });

  it.each([
    [{ status: 'failure' }, ['Add the logo']],
    [{ status: 'success' }, ['Deploy', 'Add a login form', 'Explain how to run it', 'Write the guide']],
    [
      { status: 'completed' },
      ['Deploy', 'Add a login form', 'Explain how to run it', 'Add the logo', 'Write the guide'],
    ],
    [{ branch: 'feature/login' }, ['Add a login form']],
    [{ event: 'pull_request' }, ['Add a login form']],
    [{ event: 'workflow_dispatch' }, ['Deploy']],
    [{ actor: 'hubot' }, ['Add a login form']],
    [{ created: '2024-02-01..2024-02-29' }, ['Explain how to run it', 'Add the logo']],
    [{ created: '>=2024-03-01' }, ['Deploy', 'Add a login form']],
    [{ created: '<2024-02-01' }, ['Write the guide']],
    [{ branch: 'main', status: 'success', event: 'push' }, ['Explain how to run it', 'Write the guide']],
  ])('filters by %j', async (filter, expected) => {
    const outcome = await list(filter);
    expect(outcome.ok).toBe(true);
    expect(titles(outcome)).toEqual(expected);
    expect(outcome.result?.total_count).toBe(expected.length);
    expect(gh.emulator.requests[0].query).toMatchObject(filter);
  });

  it('filters by head_sha and by check_suite_id', async () => {
    const sha = gh.emulator.state.git.branchSha(KEY, 'feature/login');
    expect(titles(await list({ head_sha: sha }))).toEqual(['Add a login form']);

    const logo = gh.emulator.state.actions.runs(KEY).find((run) => run.display_title === 'Add the logo')!;
    const outcome = await list({ check_suite_id: logo.check_suite_id, exclude_pull_requests: true });
    expect(titles(outcome)).toEqual(['Add the logo']);
    expect(gh.emulator.requests.at(-1)?.query).toMatchObject({
      check_suite_id: String(logo.check_suite_id),
      exclude_pull_requests: 'true',
    });
  });

  it('filters by status queued and in_progress as runs move on', async () => {
    const dispatched = await gh.run<{ workflow_run_id: number }>(createWorkflowDispatch, {
      ...REPO,
      workflow_id: 'deploy.yml',
      ref: 'main',
      inputs: { environment: 'staging' },
    });
    const runId = dispatched.result?.workflow_run_id as number;
    expect((await list({ status: 'queued' })).result?.workflow_runs.map((run) => run.id)).toEqual([runId]);
    await gh.run(getWorkflowRun, { ...REPO, run_id: runId });
    expect((await list({ status: 'queued' })).result?.total_count).toBe(0);
    expect((await list({ status: 'in_progress' })).result?.workflow_runs.map((run) => run.id)).toEqual([
      runId,
    ]);
  });

  it("lists one workflow's runs by file name or by id", async () => {
    const byName = await list({ workflow_id: 'ci.yml' });
    expect(gh.emulator.requests.at(-1)?.path).toBe(
      '/repos/octo-org/hello-world/actions/workflows/ci.yml/runs',
    );
    expect(byName.result?.workflow_runs.every((run) => run.name === 'CI')).toBe(true);
    expect(byName.result?.total_count).toBe(4);

    const deploy = gh.emulator.state.workflows.find(KEY, 'deploy.yml')!;
    const byId = await list({ workflow_id: deploy.id, status: 'success' });
    expect(titles(byId)).toEqual(['Deploy']);
  });

  it('reads one page at a time and says which page comes next', async () => {
    const first = await list({ per_page: 2 });
    expect(titles(first)).toEqual(['Deploy', 'Add a login form']);
    expect(first.result).toMatchObject({ total_count: 5, next_page: 2 });

    const last = await list({ per_page: 2, page: 3 });
    expect(titles(last)).toEqual(['Write the guide']);
    expect(last.result?.next_page).toBeUndefined();
  });

  it('follows every page with all, and stops at limit', async () => {
    const all = await list({ per_page: 2, all: true });
    expect(all.result?.workflow_runs).toHaveLength(5);
    expect(all.result?.next_page).toBeUndefined();
    expect(gh.emulator.requests.map((request) => request.query.page ?? '1')).toEqual(['1', '2', '3']);

    gh.emulator.reset();
    const limited = await list({ per_page: 2, all: true, limit: 3 });
    expect(titles(limited)).toEqual(['Deploy', 'Add a login form', 'Explain how to run it']);
    expect(gh.emulator.requests).toHaveLength(2);
  });

  it('fails not_found for a workflow the repository does not have', async () => {
    const outcome = await list({ workflow_id: 'missing.yml' });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses an unknown status before sending', async () => {
    const outcome = await list({ status: 'done' });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/status' });
    expect(gh.emulator.requests).toHaveLength(0);
  });

  it('answers 422 to an unknown status or a malformed created range sent directly', async () => {
    const headers = {
      authorization: `Bearer ${gh.emulator.account.credentials.token}`,
      accept: 'application/vnd.github+json',
    };
    const base = `${gh.emulator.baseUrl}/repos/octo-org/hello-world/actions/runs`;
    for (const query of ['status=done', 'created=yesterday']) {
      const response = await fetch(`${base}?${query}`, { headers });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ message: 'Validation Failed' });
    }
  });
});
