import { defineIntegration, Type } from '@toolsteps/engine';

/** GitHub REST API. Steps arrive with their issue; the connection and HTTP addressing are settled here. */
const github = defineIntegration({
  id: 'github',
  title: 'GitHub',
  description:
    'Code hosting: repositories, branches, commits, issues, pull requests, workflows, gists, releases.',
  status: 'stable',
  connection: Type.Object({
    baseUrl: Type.Optional(
      Type.String({
        format: 'uri',
        description:
          'API root; default https://api.github.com (GitHub Enterprise Server: https://HOST/api/v3)',
      }),
    ),
    login: Type.Optional(Type.String({ description: 'The login the token belongs to' })),
  }),
  // An OAuth access token from the authorization grant, or a fine-grained token: both are Bearer tokens.
  auth: { kind: 'token' },
  http: (account) => ({
    baseUrl: String(account.settings.baseUrl ?? 'https://api.github.com'),
    headers: {
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'user-agent': 'toolsteps',
    },
    // GitHub asks integrations not to send mutating requests concurrently for one account.
    rateLimit: { concurrency: 4 },
  }),
  steps: [],
});

export default github;
