import { type ApiKeyAuth, type ConnectedAccount, requireCredential } from '@toolsteps/sdk';
import { DEFAULTS } from './connection.js';

/**
 * The API key, entered once when the account is connected, sent as is in the account's header
 * (`X-Api-Key` by default). The header is checked by the account's HTTP binding, which refuses a bad one first.
 */
export function enrichmentAuthOf(account: ConnectedAccount): ApiKeyAuth {
  const header = account.settings.apiKeyHeader;
  return {
    kind: 'apiKey',
    header: typeof header === 'string' ? header : DEFAULTS.apiKeyHeader,
    value: (signing) => requireCredential(signing, 'apiKey', 'Sales Intelligence'),
  };
}

/** The catalog's view of the auth: the default header. */
export const enrichmentApiKey: ApiKeyAuth = enrichmentAuthOf({
  id: '',
  integration: 'enrichment',
  name: '',
  settings: {},
  credentials: {},
});
