import { defineStep, StepError, Type } from '@toolsteps/engine';

export const GITHUB_MEDIA_TYPE = 'application/vnd.github+json';

/** Headers the connected account owns: a user header can never replace them. */
const RESERVED_HEADERS: ReadonlySet<string> = new Set(['authorization', 'host']);

/** The generic API Call: any GitHub REST path, signed with the connected account's token. */
export const apiCall = defineStep({
  id: 'github.api_call',
  title: 'Code Host API Call',
  description:
    'Sends a custom request to the GitHub REST API; the connected account supplies the credentials. The header accept: application/vnd.github+json is required.',
  effect: 'write',
  input: Type.Object(
    {
      method: Type.Optional(
        Type.Union(
          ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((method) => Type.Literal(method)),
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
        Type.Unknown({ description: 'JSON body (POST, PUT, PATCH, and DELETE where GitHub takes one)' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    status: Type.Integer(),
    headers: Type.Record(Type.String(), Type.String()),
    body: Type.Unknown(),
  }),
  run: async (input, ctx) => {
    const headers = checkedHeaders(input.headers);
    const response = await ctx.http.request({
      method: (input.method ?? 'GET') as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
      path: checkedEndpoint(input.endpoint),
      headers,
      ...(input.body === undefined ? {} : { json: input.body }),
    });
    return { status: response.status, headers: response.headers, body: response.body };
  },
});

/** The user's headers, once the required accept header is there and no reserved one is. */
function checkedHeaders(given: Record<string, string>): Record<string, string> {
  const names = Object.keys(given).map((name) => name.toLowerCase());
  const reserved = names.filter((name) => RESERVED_HEADERS.has(name));
  if (reserved.length > 0) {
    throw new StepError({
      code: 'validation',
      field: '/args/headers',
      message: `headers may not set ${reserved.join(' or ')}: the connected account supplies the credentials and the API host`,
    });
  }
  const accept = Object.entries(given).find(([name]) => name.toLowerCase() === 'accept')?.[1];
  if (accept === undefined || !accept.toLowerCase().includes(GITHUB_MEDIA_TYPE)) {
    throw new StepError({
      code: 'validation',
      field: '/args/headers',
      message: `Please enter a value for 'response_body' field: the Code Host API Call needs the header "accept: ${GITHUB_MEDIA_TYPE}" in headers${accept === undefined ? ', and it is missing' : `, and accept is "${accept}"`}; nothing was sent`,
    });
  }
  return given;
}

/** A path under the API root: never a URL, so the token cannot be sent to another host. */
function checkedEndpoint(endpoint: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(endpoint) || endpoint.startsWith('//')) {
    throw new StepError({
      code: 'validation',
      field: '/args/endpoint',
      message: `endpoint must be a path such as /repos/{owner}/{repo}, not a URL ("${endpoint.slice(0, 80)}"): the account's API root is put before it, so the token never goes to another host; nothing was sent`,
    });
  }
  return endpoint;
}
