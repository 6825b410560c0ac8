import { AccountLookup } from '../../workflow/checks/account-lookup.js';
import type { Problem } from '../../workflow/diagnostic.js';
import type { BindingCheckInput } from './binding-check-input.js';

/** With a vault at hand, `account` names a connected account of the trigger's integration. */
export async function checkBindingAccount({
  binding,
  integration,
  vault,
}: BindingCheckInput): Promise<Problem[]> {
  if (vault === undefined || integration === undefined || binding.account === undefined) return [];
  const problem = await new AccountLookup(vault).check(integration.id, binding.account, '/account');
  return problem ? [problem] : [];
}
