import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { Owner, Repo, repoPath, segment } from '../github-paths.js';
import { WorkflowRun } from '../github-workflows.js';

export const getWorkflowRun = defineStep({
  id: 'github.get_workflow_run',
  title: 'Get Workflow Run',
  description:
    'Gets one GitHub Actions workflow run: its status (queued, in_progress, completed) and, once completed, its conclusion.',
  effect: 'read',
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      run_id: Type.Integer({ minimum: 1, description: 'The id of the workflow run' }),
      exclude_pull_requests: Type.Optional(
        Type.Boolean({ description: 'Leave out the pull requests (an empty pull_requests array)' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: WorkflowRun,
  run: async (input, ctx) => {
    const { body } = await ctx.http.request<Static<typeof WorkflowRun>>({
      method: 'GET',
      path: repoPath(input.owner, input.repo, 'actions', 'runs', segment(input.run_id)),
      query: { exclude_pull_requests: input.exclude_pull_requests },
      expect: WorkflowRun,
    });
    return body;
  },
});
