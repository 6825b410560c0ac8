import { defineIntegration } from '@toolsteps/sdk';
import { apiKeyHeaderOf, EnrichmentConnection, enrichmentBaseUrl } from './connection.js';
import { enrichmentApiKey, enrichmentAuthOf } from './enrichment-auth.js';
import { enrichmentConnect } from './enrichment-connect.js';
import { apiCall } from './steps/api-call.js';
import { enrichCompanies } from './steps/enrich-companies.js';
import { enrichContacts } from './steps/enrich-contacts.js';
import { findCompany } from './steps/find-company.js';
import { findContact } from './steps/find-contact.js';
import { searchCompanies } from './steps/search-companies.js';
import { searchContacts } from './steps/search-contacts.js';

/** The sales-intelligence provider, labelled beta: functional, but it may be refined. */
const enrichment = defineIntegration({
  id: 'enrichment',
  title: 'Sales Intelligence',
  description: 'Contact and company enrichment, find and search, metered in credits (beta).',
  status: 'beta',
  connection: EnrichmentConnection,
  auth: enrichmentApiKey,
  // The key's header is an account setting (default X-Api-Key): the provider does not name it.
  authOf: enrichmentAuthOf,
  connect: enrichmentConnect,
  http: (account) => {
    // Checked here, before anything is sent: a bad header name would send the key where it does not belong.
    apiKeyHeaderOf(account);
    return {
      baseUrl: enrichmentBaseUrl(account),
      headers: { accept: 'application/json' },
      // Request limits depend on the account's plan and are not published: a few at a time,
      // and the engine honours 429 + Retry-After.
      rateLimit: { concurrency: 2 },
    };
  },
  // Each step but api_call declares its worst case; an account may cap a run's spend in this setting.
  credits: { accountBudgetSetting: 'maxCreditsPerRun' },
  emulate: async (options) => {
    const { startEnrichmentEmulator } = await import('./testing/index.js');
    return startEnrichmentEmulator(options);
  },
  // In the order the provider's steps are listed: enrich, find, search; contacts before companies.
  steps: [
    enrichContacts,
    findContact,
    searchContacts,
    enrichCompanies,
    findCompany,
    searchCompanies,
    apiCall,
  ],
});

export default enrichment;
export { PROVIDER_BATCH_LIMIT } from './bulk-batches.js';
export { DEFAULTS as CONNECTION_DEFAULTS } from './connection.js';
export { PRICES, WORST_CASE } from './credits.js';
export { KEY_REMEDIES } from './enrichment-call.js';
export {
  apiCall,
  enrichCompanies,
  enrichContacts,
  findCompany,
  findContact,
  searchCompanies,
  searchContacts,
};
