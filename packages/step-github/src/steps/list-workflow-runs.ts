import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { listPages, NextPage, PageInput } from '../github-pages.js';
import { Owner, Repo, repoPath } from '../github-paths.js';
import { RUN_STATUS_FILTERS, WorkflowId, WorkflowRun, workflowPath } from '../github-workflows.js';

type Run = Static<typeof WorkflowRun>;

/** What the step reads of each page: GitHub wraps the runs with their total. */
const RunsPage = Type.Object({ total_count: Type.Integer(), workflow_runs: Type.Array(WorkflowRun) });
type RunsPage = Static<typeof RunsPage>;

export const listWorkflowRuns = defineStep({
  id: 'github.list_workflow_runs',
  title: 'List Workflow Runs',
  description:
    "Lists a repository's GitHub Actions workflow runs, newest first, or one workflow's (by id or file name), filtered by status, branch, event, actor, commit or creation date.",
  effect: 'read',
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      workflow_id: Type.Optional(WorkflowId),
      status: Type.Optional(
        Type.Union(
          RUN_STATUS_FILTERS.map((status) => Type.Literal(status)),
          {
            description:
              'A status (queued, in_progress, completed, ...) or a conclusion (success, failure, ...)',
          },
        ),
      ),
      branch: Type.Optional(Type.String({ minLength: 1, description: 'Runs of pushes to this branch' })),
      event: Type.Optional(
        Type.String({
          minLength: 1,
          description: 'The triggering event: push, pull_request, workflow_dispatch, ...',
        }),
      ),
      actor: Type.Optional(
        Type.String({
          minLength: 1,
          description: 'The login of the user whose push or dispatch started the run',
        }),
      ),
      head_sha: Type.Optional(
        Type.String({ pattern: '^[0-9a-fA-F]{40}$', description: 'The full sha of the commit run' }),
      ),
      created: Type.Optional(
        Type.String({
          minLength: 1,
          description: 'A date range, e.g. >=2024-01-01 or 2024-01-01..2024-01-31',
        }),
      ),
      exclude_pull_requests: Type.Optional(
        Type.Boolean({ description: "Leave out each run's pull requests" }),
      ),
      check_suite_id: Type.Optional(Type.Integer({ minimum: 1 })),
      ...PageInput,
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    total_count: Type.Integer({ description: 'How many runs match, over all pages' }),
    workflow_runs: Type.Array(WorkflowRun),
    next_page: NextPage,
  }),
  run: async (input, ctx) => {
    const { owner, repo, workflow_id, per_page, page, all, limit, ...filters } = input;
    const path =
      workflow_id === undefined
        ? repoPath(owner, repo, 'actions', 'runs')
        : workflowPath(owner, repo, workflow_id, 'runs');
    const listed = await listPages<Run>(
      ctx,
      path,
      filters,
      { per_page, page, all, limit },
      { itemsOf: (body) => (body as RunsPage).workflow_runs, expect: RunsPage },
    );
    return {
      total_count: (listed.first as RunsPage).total_count,
      workflow_runs: listed.items,
      ...(listed.next_page === undefined ? {} : { next_page: listed.next_page }),
    };
  },
});
