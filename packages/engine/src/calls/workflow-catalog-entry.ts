import type { Effect, TSchema } from '@toolsteps/sdk';
import type { CatalogEntry } from '../ports/services.js';
import type { CompiledStep } from '../workflow/compiled-workflow.js';
import type { WorkflowTool } from './workflow-tools.js';

/** How much a workflow may change: the most any of its steps may. */
const EFFECT_ORDER: readonly Effect[] = ['read', 'write', 'delete'];

/**
 * A workflow tool as a catalog row, so it is listed, filtered, searched and shaped as a step is: its
 * effect the strongest of its steps', its integrations those its steps use, its output any value.
 */
export function workflowCatalogEntry(tool: WorkflowTool): CatalogEntry & { integrations: string[] } {
  const steps = allSteps(tool.workflow.steps);
  const effect = steps.reduce<Effect>(
    (most, step) =>
      step.step && EFFECT_ORDER.indexOf(step.step.effect) > EFFECT_ORDER.indexOf(most)
        ? step.step.effect
        : most,
    'read',
  );
  const integrations = [
    ...new Map(
      steps.flatMap((step) => (step.integration ? [[step.integration.id, step.integration]] : [])),
    ).values(),
  ];
  const definition = tool.workflow.definition;
  return {
    id: tool.name,
    title: definition.title ?? tool.name,
    description: tool.description,
    integration: integrations.map((integration) => integration.id).join('+') || 'workflow',
    integrationTitle: integrations.map((integration) => integration.title).join(' and ') || 'no integration',
    effect,
    status: 'stable',
    input: tool.inputSchema as TSchema,
    output: {} as TSchema,
    integrations: integrations.map((integration) => integration.id),
  };
}

function allSteps(steps: readonly CompiledStep[]): CompiledStep[] {
  return steps.flatMap((step) => [
    step,
    ...allSteps(step.forEach?.steps ?? []),
    ...(step.parallel ?? []).flatMap((branch) => allSteps(branch)),
  ]);
}
