import { defineStep, Type } from '@toolsteps/sdk';
import { Owner, Ref, Repo } from '../github-paths.js';
import { WorkflowId, workflowPath } from '../github-workflows.js';

interface DispatchAnswer {
  workflow_run_id?: number;
  run_url?: string;
  html_url?: string;
}

export const createWorkflowDispatch = defineStep({
  id: 'github.create_workflow_dispatch',
  title: 'Create Workflow Dispatch',
  description:
    "Starts a run of a workflow that has the workflow_dispatch trigger, on a branch or tag, with the workflow's inputs; returns the new run's id when GitHub reports it.",
  effect: 'write',
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      workflow_id: WorkflowId,
      ref: Ref,
      inputs: Type.Optional(
        Type.Record(
          Type.String({ minLength: 1 }),
          Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
          {
            maxProperties: 25,
            description:
              "The workflow_dispatch inputs of the workflow file, by name; omitted ones take the file's defaults",
          },
        ),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    workflow_id: WorkflowId,
    ref: Type.String(),
    workflow_run_id: Type.Optional(
      Type.Integer({ description: 'The run started; watch it with get_workflow_run' }),
    ),
    run_url: Type.Optional(Type.String()),
    html_url: Type.Optional(Type.String()),
  }),
  run: async (input, ctx) => {
    // GitHub answers 200 with the run's id when asked (return_run_details), 204 without it (older servers).
    const { body } = await ctx.http.request<DispatchAnswer | undefined>({
      method: 'POST',
      path: workflowPath(input.owner, input.repo, input.workflow_id, 'dispatches'),
      json: { ref: input.ref, inputs: input.inputs ?? {}, return_run_details: true },
    });
    const answer = body !== null && typeof body === 'object' ? body : {};
    return {
      workflow_id: input.workflow_id,
      ref: input.ref,
      ...(typeof answer.workflow_run_id === 'number' ? { workflow_run_id: answer.workflow_run_id } : {}),
      ...(typeof answer.run_url === 'string' ? { run_url: answer.run_url } : {}),
      ...(typeof answer.html_url === 'string' ? { html_url: answer.html_url } : {}),
    };
  },
});
