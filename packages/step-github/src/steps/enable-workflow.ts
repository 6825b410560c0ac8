import { defineStep, Type } from '@toolsteps/sdk';
import { Owner, Repo } from '../github-paths.js';
import { setWorkflowEnabled, Workflow, WorkflowId } from '../github-workflows.js';

export const enableWorkflow = defineStep({
  id: 'github.enable_workflow',
  title: 'Enable Workflow',
  description: 'Enables a GitHub Actions workflow (its state becomes active) and returns the workflow.',
  effect: 'write',
  // Enabling an active workflow changes nothing; the step then only reads it back.
  idempotent: true,
  input: Type.Object({ owner: Owner, repo: Repo, workflow_id: WorkflowId }, { additionalProperties: false }),
  output: Workflow,
  run: (input, ctx) => setWorkflowEnabled(ctx, input, 'enable'),
});
