import { authOfAccount, type ConnectedAccount, type Integration } from '@toolsteps/sdk';
import type { AccountAuth } from './account-auth.js';
import { OAuth2AccountAuth, type OAuth2Deps } from './oauth2-auth.js';
import { StaticAuth } from './static-auth.js';

/** The signer for one account, chosen by the integration's auth kind. */
export function createAccountAuth(
  integration: Integration,
  account: ConnectedAccount,
  deps: OAuth2Deps,
): AccountAuth {
  const auth = authOfAccount(integration, account);
  if (auth.kind === 'oauth2') return new OAuth2AccountAuth(auth, account, integration.title, deps);
  return new StaticAuth(auth, account, integration.title);
}
