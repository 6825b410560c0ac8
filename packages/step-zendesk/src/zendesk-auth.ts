import {
  type ApiKeyAuth,
  type AuthSpec,
  type ConnectedAccount,
  type OAuth2Auth,
  requireCredential,
} from '@toolsteps/sdk';
import { zendeskOrigin } from './connection.js';

/** An OAuth grant, how Zendesk is connected: refreshed by the engine at the account's own token endpoint. */
export const zendeskOAuth: OAuth2Auth = {
  kind: 'oauth2',
  tokenUrl: (account) => `${zendeskOrigin(account)}/oauth/tokens`,
};

/** A Zendesk API token of the account, used with an agent's email: `Basic base64(email/token:apiToken)`. */
export const zendeskApiToken: ApiKeyAuth = {
  kind: 'apiKey',
  header: 'authorization',
  value: (account) => {
    const email = requireCredential(account, 'email', 'Zendesk');
    const token = requireCredential(account, 'apiToken', 'Zendesk');
    return `Basic ${Buffer.from(`${email}/token:${token}`).toString('base64')}`;
  },
  secretFields: ['apiToken'],
};

/** The kind an account signs with, told by its credentials: an `apiToken` means an API token, anything else OAuth. */
export function zendeskAuthOf(account: ConnectedAccount): AuthSpec {
  return account.credentials.apiToken !== undefined ? zendeskApiToken : zendeskOAuth;
}
