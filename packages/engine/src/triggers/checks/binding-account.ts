import { withArticle } from '@toolsteps/sdk/schema';
import { AccountLookup } from '../../workflow/checks/account-lookup.js';
import type { Problem } from '../../workflow/diagnostic.js';
import type { BindingCheckInput } from './binding-check-input.js';

/**
 * With a vault at hand, `account` names a connected account of the trigger's integration: one of
 * the binding's `user` (of no user when it names none), never another user's of the same id or name.
 */
export async function checkBindingAccount({
  binding,
  integration,
  vault,
}: BindingCheckInput): Promise<Problem[]> {
  if (vault === undefined || integration === undefined || binding.account === undefined) return [];
  const { user } = binding;
  const lookup = new AccountLookup(vault, user);
  // A user who connected none of the integration's accounts is told so, as a run for them would be.
  if (user !== undefined && (await lookup.of(integration.id)).length === 0) {
    return [
      {
        code: 'no-account',
        pointer: '/user',
        message: `user "${user}" has no ${integration.title} account connected: the binding has no account to watch through`,
        hint: `connect ${withArticle(integration.title)} account for user "${user}" (named "${binding.account}"), or bind it for another user`,
      },
    ];
  }
  const problem = await lookup.check(integration.id, binding.account, '/account');
  return problem ? [problem] : [];
}
