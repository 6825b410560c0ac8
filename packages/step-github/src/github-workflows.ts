import { type Static, type StepContext, Type } from '@toolsteps/sdk';
import { repoPath, SEGMENT_NAME, segment } from './github-paths.js';
import { Nullable } from './nullable.js';

/** GitHub accepts a workflow's numeric id or its file name wherever it takes `workflow_id`. */
export const WorkflowId = Type.Union(
  [
    Type.Integer({ minimum: 1 }),
    Type.String({ minLength: 1, maxLength: 255, pattern: `^${SEGMENT_NAME}\\.ya?ml$` }),
  ],
  { description: 'The workflow id, or its file name under .github/workflows, e.g. ci.yml' },
);

/** The fields of GitHub's `workflow` a step declares; the body keeps the rest. */
export const Workflow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  path: Type.String(),
  state: Type.String({ description: 'active, disabled_manually, disabled_inactivity, ...' }),
  html_url: Type.String(),
});

export const RUN_STATUS_FILTERS = [
  'completed',
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'skipped',
  'stale',
  'success',
  'timed_out',
  'in_progress',
  'queued',
  'requested',
  'waiting',
  'pending',
] as const;

/** The fields of GitHub's `workflow-run` a step declares (its name is optional there). */
export const WorkflowRun = Type.Object({
  id: Type.Integer(),
  name: Type.Optional(Nullable(Type.String())),
  workflow_id: Type.Integer(),
  run_number: Type.Integer(),
  event: Type.String(),
  status: Type.Union([Type.String(), Type.Null()], { description: 'queued, in_progress, completed, ...' }),
  conclusion: Type.Union([Type.String(), Type.Null()], {
    description: 'success, failure, cancelled, ... once completed; null before',
  }),
  head_branch: Type.Union([Type.String(), Type.Null()]),
  head_sha: Type.String(),
  html_url: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** `repos/{owner}/{repo}/actions/workflows/{workflow_id}` plus the given parts. */
export function workflowPath(
  owner: string,
  repo: string,
  workflowId: number | string,
  ...rest: string[]
): string {
  return repoPath(owner, repo, 'actions', 'workflows', segment(workflowId), ...rest);
}

/** Switches a workflow on or off (GitHub answers 204), then reads it back to report its state. */
export async function setWorkflowEnabled(
  ctx: StepContext,
  input: { owner: string; repo: string; workflow_id: number | string },
  action: 'enable' | 'disable',
) {
  await ctx.http.request({
    method: 'PUT',
    path: workflowPath(input.owner, input.repo, input.workflow_id, action),
    // Enabling an enabled workflow (or disabling a disabled one) changes nothing: safe to repeat.
    retrySafe: true,
  });
  const { body } = await ctx.http.request<Static<typeof Workflow>>({
    method: 'GET',
    path: workflowPath(input.owner, input.repo, input.workflow_id),
    expect: Workflow,
  });
  return body;
}
