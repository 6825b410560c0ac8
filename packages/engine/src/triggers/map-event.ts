import { StepError } from '@toolsteps/sdk';
import { preview, type SchemaViolation, schemaCheck } from '@toolsteps/sdk/schema';
import type { AnyCompiledBinding } from './compiled-binding.js';

/** What a binding makes of one event: filtered out, or the input its workflow would run with (or its handler get). */
export type MappedEvent =
  | { passed: false }
  | {
      passed: true;
      input: unknown;
      /** Where the input breaks the workflow's (or handler's) input schema; a run would be refused. Empty when it fits. */
      violations: SchemaViolation[];
    };

/** `$binding` in a binding's expressions: what the file says, so a mapping can pass on what it watches. */
export function bindingValue(binding: AnyCompiledBinding): Record<string, unknown> {
  return { id: binding.id, trigger: binding.trigger.id, account: binding.account, config: binding.config };
}

/**
 * Evaluates the binding's filter, then its input mapping, over `$event` and `$binding` (fresh
 * bindings each time; the compiled expressions are shared). An expression that fails, or a filter
 * yielding anything but true or false, throws an `expression` StepError naming the field.
 */
export async function mapEvent(binding: AnyCompiledBinding, event: unknown): Promise<MappedEvent> {
  const names = { event, binding: bindingValue(binding) };
  if (binding.filter !== undefined) {
    const verdict = await binding.filter.evaluate(names, { binding: binding.id });
    if (typeof verdict !== 'boolean') {
      throw new StepError({
        code: 'expression',
        field: '/filter',
        message: `The filter of binding "${binding.id}" must yield true or false, but it yielded ${preview(verdict)}; compare or test something, or wrap it in $boolean(…)`,
      });
    }
    if (!verdict) return { passed: false };
  }
  const input = await binding.input.evaluate(names, { binding: binding.id });
  const schema = binding.workflow === undefined ? binding.inputSchema : binding.workflow.definition.input;
  return { passed: true, input, violations: schema === undefined ? [] : schemaCheck(schema)(input) };
}
