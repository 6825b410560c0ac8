import { defineIntegration, Type } from '@toolsteps/engine';

/** The service's own administration API (projects, invites, project users). Steps arrive with their issue. */
const admin = defineIntegration({
  id: 'admin',
  title: 'Administration',
  description: 'Projects, invites and project users of the service itself.',
  status: 'stable',
  connection: Type.Object({
    region: Type.Union([Type.Literal('AU'), Type.Literal('EU'), Type.Literal('US')]),
    baseUrl: Type.String({
      format: 'uri',
      description: "The regional base address of the organization's region",
    }),
  }),
  auth: { kind: 'apiKey' },
  http: (account) => ({ baseUrl: String(account.settings.baseUrl) }),
  steps: [],
});

export default admin;
