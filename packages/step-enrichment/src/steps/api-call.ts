import { defineStep, HttpResponseSchema, StepError, Type } from '@toolsteps/sdk';
import { apiCallCredits, apiCallWorstCase, UNKNOWN_POST_WORST_CASE } from '../api-call-credits.js';
import { Credits, reportCredits } from '../credits.js';
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

// Metered like the other steps, from what the request asks of the provider (see api-call-credits.ts).
export const apiCall = defineStep({
  id: 'enrichment.api_call',
  title: 'Sales-Intelligence API Call',
  description: `Sends a custom GET or POST request to a path under the account's API root with its API key, e.g. POST /person with {"email": "ana@acme.com"}. Other methods are refused before anything is sent. The answer comes back as status, headers and body; a 404 saying no match is returned, not an error. Use it only for what the other Sales Intelligence operations do not cover. Costs credits, counted at their worst before sending: POST /person 2, /company 1, /person/bulk 2 per record, /company/bulk 1 per record, the default search paths 1, a GET 0 unless it names one of these; any other POST ${UNKNOWN_POST_WORST_CASE}, the most one request can charge, or its worstCase input. credits is what the answer reports, else estimated by the same rules.`,
  effect: 'write',
  credits: { worstCase: apiCallWorstCase },
  input: Type.Object(
    {
      method: Type.Union([Type.Literal('GET'), Type.Literal('POST')], { description: 'GET or POST only' }),
      endpoint: Type.String({
        minLength: 1,
        description: 'A path under the API root, query allowed, e.g. /account',
      }),
      body: Type.Optional(Type.Unknown({ description: 'JSON body, with POST only' })),
      worstCase: Type.Optional(
        Type.Integer({
          minimum: 0,
          description: `For a POST to a path whose price is not known: the most credits it may spend, checked against the credits allowed before sending (default ${UNKNOWN_POST_WORST_CASE})`,
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Composite([HttpResponseSchema, Type.Object({ credits: Credits })]),
  run: async (request, ctx) => {
    const { method, endpoint, body } = request;
    const path = checkedEndpoint(endpoint);
    if (method === 'GET' && body !== undefined)
      throw refuse('body', "A GET request cannot carry a body: put its parameters in the endpoint's query");
    const answer = await providerRequest(ctx, {
      method,
      path,
      ...(body === undefined ? {} : { json: body }),
    });
    return {
      status: answer.status,
      headers: answer.headers,
      body: answer.body,
      credits: reportCredits(ctx, apiCallCredits(request, answer)),
    };
  },
});
