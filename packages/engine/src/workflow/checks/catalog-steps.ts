import { didYouMean, escapePointer, nearest } from '@toolsteps/sdk/schema';
import type { StepRegistry } from '../../ports/services.js';
import type { Problem } from '../diagnostic.js';
import { type CheckInput, eachStep } from './each-step.js';

const LIST_HINT = 'list the installed steps with `toolsteps steps`';

/** Every `step` names an installed, available catalog step; `args`/`account` only sit on such steps. */
export function checkCatalogSteps({ workflow, registry }: CheckInput): Problem[] {
  const problems: Problem[] = [];
  for (const { node, pointer } of eachStep(workflow.steps)) {
    if (node.step === undefined) {
      for (const field of ['args', 'account'] as const) {
        if (node[field] === undefined) continue;
        problems.push({
          code: 'field-without-step',
          pointer: `${pointer}/${field}`,
          at: 'key',
          message: `"${field}" only applies to a step that runs a catalog step ("step"); this one would ignore it`,
        });
      }
      continue;
    }
    const step = registry.step(node.step);
    if (step === undefined) {
      problems.push({
        code: 'unknown-step',
        pointer: `${pointer}/step`,
        message: unknownStepMessage(node.step, registry),
        hint: LIST_HINT,
      });
    } else if (!step.available) {
      problems.push({
        code: 'step-unavailable',
        pointer: `${pointer}/step`,
        message: `step "${node.step}" is unavailable: ${step.unavailableReason ?? 'no reason given'}`,
      });
    }
  }
  for (const integration of Object.keys(workflow.defaults?.accounts ?? {})) {
    if (registry.integration(integration)) continue;
    const known = registry.integrations().map((candidate) => candidate.id);
    problems.push({
      code: 'unknown-integration',
      pointer: `/defaults/accounts/${escapePointer(integration)}`,
      at: 'key',
      message: `defaults.accounts names unknown integration "${integration}"${didYouMean(integration, known)}`,
      hint: `installed integrations: ${known.join(', ') || 'none'}`,
    });
  }
  return problems;
}

/** Suggests within the step's own integration, or fixes a misspelt integration first: "jira.x" is not "code.x". */
function unknownStepMessage(id: string, registry: StepRegistry): string {
  const [prefix, ...rest] = id.split('.');
  const installed = registry.integrations().map((candidate) => candidate.id);
  const integration = registry.integration(prefix) ?? registry.integration(nearest(prefix, installed) ?? '');
  if (integration === undefined) {
    return `unknown step "${id}": no integration "${prefix}" is installed (installed: ${installed.join(', ') || 'none'})`;
  }
  const corrected = `${integration.id}.${rest.join('.')}`;
  const stepIds = integration.steps.map((step) => step.id);
  const suggestion = stepIds.includes(corrected)
    ? ` (did you mean "${corrected}"?)`
    : didYouMean(corrected, stepIds);
  if (suggestion || integration.id !== prefix)
    return `unknown step "${id}"${suggestion || ` (did you mean integration "${integration.id}"?)`}`;
  return `unknown step "${id}": integration "${integration.id}" has no such step`;
}
