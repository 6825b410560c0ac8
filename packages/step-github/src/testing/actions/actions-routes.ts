import type { Context } from '@toolsteps/emulator';
import type { RouteModule } from '../github-route-module.js';
import { GithubApiError, notFound, validationFailed } from '../shared/github-api-error.js';
import { callerOf } from '../shared/github-caller.js';
import { type Repository, repoKey } from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { queryParam, readJson } from '../shared/github-request.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';
import { visibleRepo, writableRepo } from '../shared/repository-lookup.js';
import { workflowJson, workflowRunJson } from './actions-json.js';
import { RUN_CONCLUSIONS, RUN_STATUSES, type RunFilter } from './actions-store.js';
import { createdRange } from './created-range.js';
import { checkDispatchInputs } from './workflow-dispatch-inputs.js';
import type { WorkflowRecord } from './workflows-store.js';

const WORKFLOW = '/repos/:owner/:repo/actions/workflows/:workflow_id';
const RUN_FILTER_VALUES: readonly string[] = [...RUN_STATUSES, ...RUN_CONCLUSIONS];

/** Workflows (list, get, enable, disable, dispatch) and their runs (list, get). */
export const registerActionsRoutes: RouteModule = (api, state) => {
  api.get('/repos/:owner/:repo/actions/workflows', (c) => {
    const repo = visibleRepo(c, state());
    const workflows = state().workflows.list(keyOf(repo));
    return c.json({
      total_count: workflows.length,
      workflows: paginate(c, workflows).map((workflow) => workflowJson(c, repo, workflow)),
    });
  });

  api.get(WORKFLOW, (c) => {
    const repo = visibleRepo(c, state());
    return c.json(workflowJson(c, repo, workflowOf(c, repo)));
  });

  api.put(`${WORKFLOW}/enable`, (c) => {
    const repo = writableRepo(c, state());
    state().workflows.setState(workflowOf(c, repo), 'active');
    return c.body(null, 204);
  });

  api.put(`${WORKFLOW}/disable`, (c) => {
    const repo = writableRepo(c, state());
    state().workflows.setState(workflowOf(c, repo), 'disabled_manually');
    return c.body(null, 204);
  });

  api.post(`${WORKFLOW}/dispatches`, async (c) => {
    const repo = writableRepo(c, state());
    const workflow = workflowOf(c, repo);
    const body = await readJson(c);
    if (typeof body.ref !== 'string' || body.ref === '') {
      throw new GithubApiError(422, 'Invalid request.\n\n"ref" wasn\'t supplied.');
    }
    const given = body.inputs ?? {};
    if (given === null || typeof given !== 'object' || Array.isArray(given)) {
      throw new GithubApiError(
        422,
        `Invalid request.\n\nFor 'properties/inputs', ${JSON.stringify(given)} is not an object.`,
      );
    }
    if (!workflow.events.includes('workflow_dispatch')) {
      throw new GithubApiError(422, "Workflow does not have 'workflow_dispatch' trigger");
    }
    if (workflow.state !== 'active') {
      throw new GithubApiError(422, "Cannot trigger a 'workflow_dispatch' on a disabled workflow");
    }
    const target = dispatchTarget(repo, body.ref);
    if (target === undefined) throw new GithubApiError(422, `No ref found for: ${body.ref}`);
    const inputs = checkDispatchInputs(workflow.dispatchInputs, given as Record<string, unknown>);
    const run = state().actions.addRun(workflow, {
      event: 'workflow_dispatch',
      head_branch: target.name,
      head_sha: target.sha,
      actor: callerOf(c).login,
      display_title: workflow.name,
      inputs,
    });
    if (body.return_run_details !== true) return c.body(null, 204);
    return c.json({
      workflow_run_id: run.id,
      run_url: `${apiBase(c)}/repos/${repo.owner}/${repo.name}/actions/runs/${run.id}`,
      html_url: `${htmlBase(c)}/${repo.owner}/${repo.name}/actions/runs/${run.id}`,
    });
  });

  api.get('/repos/:owner/:repo/actions/runs', (c) => listRuns(c, visibleRepo(c, state())));
  api.get(`${WORKFLOW}/runs`, (c) => {
    const repo = visibleRepo(c, state());
    return listRuns(c, repo, workflowOf(c, repo).id);
  });

  // Each read of a run on its own moves it on one step, after answering with its current state.
  api.get('/repos/:owner/:repo/actions/runs/:run_id', (c) => {
    const repo = visibleRepo(c, state());
    const id = c.req.param('run_id') ?? '';
    const run = /^\d+$/.test(id) ? state().actions.run(keyOf(repo), Number(id)) : undefined;
    if (run === undefined) throw notFound();
    const answer = workflowRunJson(c, state(), repo, run);
    state().actions.advance(run);
    return c.json(answer);
  });

  function listRuns(c: Context, repo: Repository, workflowId?: number) {
    const runs = state().actions.runs(keyOf(repo), { ...runFilter(c), workflow_id: workflowId });
    return c.json({
      total_count: runs.length,
      workflow_runs: paginate(c, runs).map((run) => workflowRunJson(c, state(), repo, run)),
    });
  }

  function workflowOf(c: Context, repo: Repository): WorkflowRecord {
    const workflow = state().workflows.find(keyOf(repo), c.req.param('workflow_id') ?? '');
    if (workflow === undefined) throw notFound();
    return workflow;
  }

  /** A dispatch runs on a branch or a tag (never a bare sha): `refs/heads/x`, `refs/tags/x`, or a name. */
  function dispatchTarget(repo: Repository, ref: string): { name: string; sha: string } | undefined {
    const git = state().git;
    const key = keyOf(repo);
    const name = ref.replace(/^refs\/(heads|tags)\//, '');
    const sha = ref.startsWith('refs/tags/')
      ? git.tagSha(key, name)
      : ref.startsWith('refs/heads/')
        ? git.branchSha(key, name)
        : (git.branchSha(key, name) ?? git.tagSha(key, name));
    return sha === undefined ? undefined : { name, sha };
  }
};

function keyOf(repo: Repository): string {
  return repoKey(repo.owner, repo.name);
}

/** The query filters of the run lists; an unknown status is refused as GitHub's schema does. */
function runFilter(c: Context): RunFilter {
  const status = queryParam(c, 'status');
  if (status !== undefined && !RUN_FILTER_VALUES.includes(status)) {
    throw validationFailed({
      resource: 'WorkflowRun',
      code: 'invalid',
      field: 'status',
      message: `status must be one of ${RUN_FILTER_VALUES.join(', ')}`,
    });
  }
  const checkSuite = queryParam(c, 'check_suite_id');
  const created = queryParam(c, 'created');
  return {
    status,
    branch: queryParam(c, 'branch'),
    event: queryParam(c, 'event'),
    actor: queryParam(c, 'actor'),
    head_sha: queryParam(c, 'head_sha'),
    check_suite_id: checkSuite === undefined ? undefined : Number(checkSuite),
    created: created === undefined ? undefined : createdRange(created),
  };
}
