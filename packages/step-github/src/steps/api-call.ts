import { defineStep, HttpResponseSchema, Type } from '@toolsteps/sdk';
import { checkedBody, checkedEndpoint, checkedHeaders } from '../api-call-checks.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** PUT and DELETE are idempotent in HTTP (and in GitHub's API): repeating one after a failure is safe. */
const IDEMPOTENT: ReadonlySet<string> = new Set(['PUT', 'DELETE']);

/** The generic API Call: any GitHub REST path, signed with the connected account's token. */
export const apiCall = defineStep({
  id: 'github.api_call',
  title: 'Code Host API Call',
  description:
    'Sends a custom request to the GitHub REST API; the connected account supplies the credentials. The header accept: application/vnd.github+json is required. Use it only for what the other GitHub operations do not cover.',
  effect: 'write',
  // Not idempotent as a step: that depends on the method and endpoint (PUT and DELETE retry per request).
  input: Type.Object(
    {
      method: Type.Optional(
        Type.Union(
          METHODS.map((method) => Type.Literal(method)),
          { description: 'Default GET' },
        ),
      ),
      endpoint: Type.String({
        minLength: 1,
        description:
          'A path under the API root, query allowed, e.g. /repos/octo-org/hello-world/issues?state=open',
      }),
      headers: Type.Record(Type.String(), Type.String(), {
        description: 'Request headers; must include accept: application/vnd.github+json',
      }),
      body: Type.Optional(
        Type.Unknown({
          description: 'JSON body (POST, PUT, PATCH, and DELETE where GitHub takes one; never with GET)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: HttpResponseSchema,
  run: async (input, ctx) => {
    const method = input.method ?? 'GET';
    const headers = checkedHeaders(input.headers);
    const path = checkedEndpoint(input.endpoint);
    const body = checkedBody(method, path, input.body);
    const response = await ctx.http.request({
      method,
      path,
      headers,
      ...(body === undefined ? {} : { json: body }),
      retrySafe: IDEMPOTENT.has(method),
    });
    return { status: response.status, headers: response.headers, body: response.body };
  },
});
