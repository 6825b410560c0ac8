import { didYouMean } from '@toolsteps/sdk/schema';
import type { Problem } from '../../workflow/diagnostic.js';
import type { HandlerEntry } from '../trigger-handler.js';
import type { BindingCheckInput } from './binding-check-input.js';

/**
 * What each event starts: a workflow file (`workflow`) or a handler of the trigger host (`handler`),
 * exactly one; a handler must be one the host was given. `handlers` undefined: nothing here serves
 * handlers (the CLI runs workflows only).
 */
export function checkBindingTarget(
  { binding, refused }: BindingCheckInput,
  handlers: ReadonlyMap<string, HandlerEntry> | undefined,
): Problem[] {
  const { workflow, handler } = binding;
  if (workflow === undefined && handler === undefined) {
    // Refused for its form: that problem is reported already.
    if (refused.has('/workflow') || refused.has('/handler')) return [];
    return [
      {
        code: 'shape',
        pointer: '',
        message:
          'missing required property "workflow" (or "handler"): what each event starts, a workflow file or a handler the trigger host was given in code',
      },
    ];
  }
  if (workflow !== undefined && handler !== undefined) {
    return [
      {
        code: 'shape',
        pointer: '/handler',
        message:
          '"workflow" and "handler" are both given: each event starts a workflow or is handed to a handler, not both; remove one',
      },
    ];
  }
  if (handler === undefined || handlers?.has(handler)) return [];
  return [{ code: 'unknown-handler', pointer: '/handler', ...unknownHandler(handler, handlers) }];
}

function unknownHandler(
  name: string,
  handlers: ReadonlyMap<string, HandlerEntry> | undefined,
): Pick<Problem, 'message' | 'hint'> {
  const shown = JSON.stringify(name);
  if (handlers === undefined) {
    return {
      message: `no handler ${shown} is registered here: handlers are functions an agent runtime gives its trigger host in code`,
      hint: 'serve this binding with createTriggerHost({ handlers: { … } }); toolsteps serve and trigger test run workflows ("workflow") only',
    };
  }
  if (handlers.size === 0) {
    return {
      message: `no handler ${shown} is registered: this trigger host was given no handlers`,
      hint: `give it one: createTriggerHost({ handlers: { ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : shown}: async (input, context) => … } })`,
    };
  }
  const names = [...handlers.keys()];
  return {
    message: `no handler ${shown} is registered${didYouMean(name, names)}; this trigger host has: ${names.map((item) => JSON.stringify(item)).join(', ')}`,
  };
}
