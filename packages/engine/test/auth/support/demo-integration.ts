import { defineIntegration, defineStep, Type } from '../../../src/index.js';

const getMe = defineStep({
  id: 'demo.get_me',
  title: 'Get Me',
  description: 'Reads the signed-in user.',
  effect: 'read',
  input: Type.Object({}),
  output: Type.Object({ login: Type.String() }),
  run: async (_input, ctx) => (await ctx.http.request<{ login: string }>({ method: 'GET', path: 'me' })).body,
});

/** The integration of the rotating-token API at `api()`, with one step: `demo.get_me`. */
export const demoIntegration = (api: () => string) =>
  defineIntegration({
    id: 'demo',
    title: 'Demo',
    description: 'An OAuth API whose refresh tokens rotate.',
    status: 'stable',
    connection: Type.Object({}),
    auth: { kind: 'oauth2', tokenUrl: () => `${api()}/oauth/token` },
    http: () => ({ baseUrl: `${api()}/api` }),
    steps: [getMe],
  });

/** The workflow that runs `demo.get_me` once. */
export const GET_ME = {
  text: JSON.stringify({ id: 'me', steps: [{ id: 'me', step: 'demo.get_me', args: {} }] }),
};
