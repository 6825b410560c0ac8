import { didYouMean, nearest } from '@toolsteps/sdk/schema';
import type { StepRegistry } from '../../ports/services.js';
import type { Problem } from '../../workflow/diagnostic.js';
import type { BindingCheckInput } from './binding-check-input.js';

const LIST_HINT = 'list the installed triggers with `toolsteps triggers`';

/** `trigger` names an installed, available trigger. */
export function checkTriggerReference({ binding, registry, trigger }: BindingCheckInput): Problem[] {
  if (binding.trigger === undefined) return [];
  if (trigger === undefined) {
    return [
      {
        code: 'unknown-trigger',
        pointer: '/trigger',
        message: unknownTriggerMessage(binding.trigger, registry),
        hint: LIST_HINT,
      },
    ];
  }
  if (trigger.available) return [];
  return [
    {
      code: 'trigger-unavailable',
      pointer: '/trigger',
      message: `trigger "${trigger.id}" is unavailable: ${trigger.unavailableReason ?? 'no reason given'}`,
    },
  ];
}

/** Suggests within the trigger's own integration, or fixes a misspelt integration first, as for steps. */
function unknownTriggerMessage(id: string, registry: StepRegistry): string {
  if (registry.step(id))
    return `"${id}" is a step, not a trigger: a binding starts a workflow on a trigger's events`;
  const [prefix, ...rest] = id.split('.');
  const installed = registry.integrations().map((candidate) => candidate.id);
  const integration = registry.integration(prefix) ?? registry.integration(nearest(prefix, installed) ?? '');
  if (integration === undefined) {
    return `unknown trigger "${id}": no integration "${prefix}" is installed (installed: ${installed.join(', ') || 'none'})`;
  }
  const triggerIds = (integration.triggers ?? []).map((trigger) => trigger.id);
  if (triggerIds.length === 0)
    return `unknown trigger "${id}": integration "${integration.id}" has no triggers`;
  const corrected = `${integration.id}.${rest.join('.')}`;
  const suggestion = triggerIds.includes(corrected)
    ? ` (did you mean "${corrected}"?)`
    : didYouMean(corrected, triggerIds);
  if (suggestion || integration.id !== prefix)
    return `unknown trigger "${id}"${suggestion || ` (did you mean integration "${integration.id}"?)`}`;
  return `unknown trigger "${id}": integration "${integration.id}" has no such trigger (its triggers: ${triggerIds.join(', ')})`;
}
