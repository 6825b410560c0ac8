import type { CompiledStep, CompiledWorkflow } from '@toolsteps/engine';

/** The integrations a workflow's steps belong to, in the order they first appear: whose emulators a run needs. */
export function integrationsUsed(workflow: CompiledWorkflow): string[] {
  const ids = new Set<string>();
  const visit = (steps: CompiledStep[]) => {
    for (const step of steps) {
      if (step.integration) ids.add(step.integration.id);
      if (step.forEach) visit(step.forEach.steps);
      for (const branch of step.parallel ?? []) visit(branch);
    }
  };
  visit(workflow.steps);
  return [...ids];
}
