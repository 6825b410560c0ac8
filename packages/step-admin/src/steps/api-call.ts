import { defineStep, HttpResponseSchema, Type } from '@toolsteps/sdk';
import { projectIdOf } from '../admin-call.js';

/** The generic API Call: any endpoint under /latest, signed by the service with the connected key. */
export const apiCall = defineStep({
  id: 'admin.api_call',
  title: 'Administration API Call',
  description:
    'Sends a custom request to the administration API; the connected account supplies the credentials. Use it only for what the other administration operations do not cover.',
  effect: 'write',
  input: Type.Object(
    {
      method: Type.Union([Type.Literal('POST'), Type.Literal('GET')], { default: 'POST' }),
      endpoint: Type.String({
        pattern: '^/latest(/|$)',
        description: 'A path under /latest, e.g. /latest/auth/invite/create',
      }),
      body: Type.Optional(Type.Unknown({ description: 'JSON body (POST)' })),
      authorization: Type.Optional(
        Type.Union(
          [Type.Literal('organization'), Type.Literal('project'), Type.Literal('projectWithoutBearer')],
          {
            description:
              'Header shape: organization `Bearer :KEY`, project `Bearer PROJECT:KEY` (default), projectWithoutBearer `PROJECT:KEY`',
          },
        ),
      ),
      project_id: Type.Optional(Type.String({ minLength: 1 })),
    },
    { additionalProperties: false },
  ),
  output: HttpResponseSchema,
  run: async (input, ctx) => {
    const shape = input.authorization ?? 'project';
    const response = await ctx.http.request({
      method: input.method,
      path: input.endpoint,
      ...(input.method === 'POST' ? { json: input.body ?? {} } : {}),
      authParams: { shape, projectId: shape === 'organization' ? '' : projectIdOf(input, ctx) },
    });
    return { status: response.status, headers: response.headers, body: response.body };
  },
});
