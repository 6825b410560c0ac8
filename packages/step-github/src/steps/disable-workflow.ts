import { defineStep, Type } from '@toolsteps/sdk';
import { Owner, Repo } from '../github-paths.js';
import { setWorkflowEnabled, Workflow, WorkflowId } from '../github-workflows.js';

export const disableWorkflow = defineStep({
  id: 'github.disable_workflow',
  title: 'Disable Workflow',
  description:
    'Disables a GitHub Actions workflow (its state becomes disabled_manually; it no longer runs) and returns the workflow.',
  effect: 'write',
  // Disabling a disabled workflow changes nothing; the step then only reads it back.
  idempotent: true,
  input: Type.Object({ owner: Owner, repo: Repo, workflow_id: WorkflowId }, { additionalProperties: false }),
  output: Workflow,
  run: (input, ctx) => setWorkflowEnabled(ctx, input, 'disable'),
});
