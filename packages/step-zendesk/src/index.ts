import { defineIntegration, Type } from '@toolsteps/engine';

const origin = (settings: Record<string, unknown>) =>
  String(settings.baseUrl ?? `https://${String(settings.subdomain)}.zendesk.com`);

/** Zendesk Support API. Steps arrive with their issue; the connection and HTTP addressing are settled here. */
const zendesk = defineIntegration({
  id: 'zendesk',
  title: 'Zendesk',
  description: 'Customer support: tickets, comments, users, organizations, search.',
  status: 'stable',
  connection: Type.Object({
    subdomain: Type.String({
      pattern: '^[a-z0-9][a-z0-9-]*$',
      description: 'The part of the account host before .zendesk.com',
    }),
    baseUrl: Type.Optional(
      Type.String({ format: 'uri', description: 'Overrides https://SUBDOMAIN.zendesk.com (emulators)' }),
    ),
  }),
  auth: { kind: 'oauth2', tokenUrl: (account) => `${origin(account.settings)}/oauth/tokens` },
  http: (account) => ({ baseUrl: origin(account.settings), rateLimit: { concurrency: 4 } }),
  steps: [],
});

export default zendesk;
