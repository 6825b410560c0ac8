import { StepError } from '@toolsteps/sdk';
import { type Entitlements, howToGrant } from '../../ports/entitlements.js';
import type { AnyCompiledBinding } from '../compiled-binding.js';

/**
 * Refuses a binding whose trigger needs what the host lacks (a plan), before anything is asked of
 * the third party: it would refuse the registration later, with a less useful answer.
 */
export function refuseMissingEntitlements(binding: AnyCompiledBinding, entitlements: Entitlements): void {
  const missing = (binding.trigger.requires ?? []).filter(({ id }) => !entitlements.has(id));
  if (missing.length === 0) return;
  const named = missing.map(({ id, title }) => `${title} (${id})`).join(' and ');
  const grants = missing.map(({ id }) => howToGrant(id)).join('; ');
  throw new StepError({
    code: 'forbidden',
    message:
      `Binding "${binding.id}" cannot be activated: trigger "${binding.trigger.id}" requires ${named}, ` +
      `which this host is not entitled to. If the account has it, grant it with ${grants}.`,
    details: { bindingId: binding.id, trigger: binding.trigger.id, missing: missing.map(({ id }) => id) },
  });
}
