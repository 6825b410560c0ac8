import { defineStep, HttpResponseSchema, StepError, Type } from '@toolsteps/engine';
import { Credits, creditsOf, reportCredits } from '../credits.js';
import { providerRequest } from '../enrichment-call.js';

const refuse = (field: string, message: string) =>
  new StepError({ code: 'validation', field: `/args/${field}`, message: `${message}; nothing was sent` });

/** A path under the account's API root: never a URL or a climb out of it, so the key stays with the provider. */
function checkedEndpoint(endpoint: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(endpoint) || endpoint.startsWith('//') || endpoint.includes('\\'))
    throw refuse(
      'endpoint',
      "endpoint must be a path such as /person, not a URL: the account's baseUrl is put before it",
    );
  const bare = endpoint.replace(/[?#].*$/s, '');
  const segments = bare.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  if (segments.some((segment) => segment === '.' || segment === '..'))
    throw refuse('endpoint', 'endpoint may not hold . or .. segments');
  return endpoint.replace(/^\/+/, '');
}

// Not metered (any endpoint, no worst case known ahead): budgets do not bound it; what the provider reports is still counted.
export const apiCall = defineStep({
  id: 'enrichment.api_call',
  title: 'Sales-Intelligence API Call',
  description:
    'Sends a custom GET or POST request (spec 4.7) to a path under the account\'s API root with its API key, e.g. POST /person with {"email": "ana@acme.com"}. Other methods are refused before anything is sent. The answer comes back as status, headers and body; a 404 saying no match is returned, not an error. credits appears when the provider reports what the request cost.',
  effect: 'write',
  input: Type.Object(
    {
      method: Type.Union([Type.Literal('GET'), Type.Literal('POST')], { description: 'GET or POST only' }),
      endpoint: Type.String({
        minLength: 1,
        description: 'A path under the API root, query allowed, e.g. /account',
      }),
      body: Type.Optional(Type.Unknown({ description: 'JSON body, with POST only' })),
    },
    { additionalProperties: false },
  ),
  output: Type.Composite([HttpResponseSchema, Type.Object({ credits: Type.Optional(Credits) })]),
  run: async ({ method, endpoint, body }, ctx) => {
    const path = checkedEndpoint(endpoint);
    if (method === 'GET' && body !== undefined)
      throw refuse('body', "A GET request cannot carry a body: put its parameters in the endpoint's query");
    const answer = await providerRequest(ctx, {
      method,
      path,
      ...(body === undefined ? {} : { json: body }),
    });
    const reported = answer.headers['x-credits-used'] !== undefined;
    return {
      status: answer.status,
      headers: answer.headers,
      body: answer.body,
      ...(reported ? { credits: reportCredits(ctx, creditsOf(answer.headers, 0)) } : {}),
    };
  },
});
