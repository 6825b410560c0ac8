import { defineIntegration, Type } from '@toolsteps/engine';

/** The sales-intelligence provider (beta). Steps arrive with their issue. */
const enrichment = defineIntegration({
  id: 'enrichment',
  title: 'Sales Intelligence',
  description: 'Contact and company enrichment, find and search (beta).',
  status: 'beta',
  connection: Type.Object({
    baseUrl: Type.String({ format: 'uri', description: "The provider's API root" }),
  }),
  auth: { kind: 'apiKey' },
  http: (account) => ({ baseUrl: String(account.settings.baseUrl) }),
  steps: [],
});

export default enrichment;
