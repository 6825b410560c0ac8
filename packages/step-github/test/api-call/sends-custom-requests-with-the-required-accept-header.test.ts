import { describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/steps/api-call.js';
import { DEMO_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const ACCEPT = { accept: 'application/vnd.github+json' };
const REPO = '/repos/octo-org/hello-world';

describe('github.api_call sends any REST request through the connected account', () => {
  const gh = useGithubEmulator();
  const call = (method: string, endpoint: string, body?: unknown, headers: Record<string, string> = ACCEPT) =>
    gh.run<{ status: number; headers: Record<string, string>; body: any }>(apiCall, {
      method,
      endpoint,
      headers,
      ...(body === undefined ? {} : { body }),
    });

  it('answers {status, headers, body}, with the token supplied by the account', async () => {
    const outcome = await call('GET', '/rate_limit');
    expect(outcome.ok).toBe(true);
    expect(outcome.result?.status).toBe(200);
    expect(outcome.result?.body.resources.core).toMatchObject({ limit: 5000 });
    expect(outcome.result?.headers['content-type']).toMatch(/json/);
    expect(gh.emulator.requests[0].headers.authorization).toBe(`Bearer ${DEMO_TOKEN}`);
    expect(JSON.stringify(outcome)).not.toContain(DEMO_TOKEN);
  });

  it('finds the accept header in any case', async () => {
    const outcome = await call('GET', `${REPO}/branches`, undefined, {
      ACCEPT: 'application/vnd.github+json',
    });
    expect(outcome.ok).toBe(true);
    expect(outcome.result?.body.map((branch: { name: string }) => branch.name)).toContain('main');
  });

  it.each([
    ['missing', {}, /and it is missing/],
    ['another media type', { accept: 'application/json' }, /and accept is "application\/json"/],
  ])('fails without the accept header (%s), saying so, and sends nothing', async (_what, headers, detail) => {
    const outcome = await call('GET', '/rate_limit', undefined, headers);
    expect(outcome.ok).toBe(false);
    expect(outcome.error?.code).toBe('validation');
    expect(outcome.error?.message.startsWith("Please enter a value for 'response_body' field")).toBe(true);
    expect(outcome.error?.message).toMatch(/accept: application\/vnd\.github\+json/);
    expect(outcome.error?.message).toMatch(detail);
    expect(outcome.error?.field).toBe('/steps/0/args/headers');
    expect(gh.emulator.requests).toEqual([]);
  });

  it.each([['Authorization'], ['host']])('never lets a %s header replace the account’s', async (name) => {
    const outcome = await call('GET', '/user', undefined, { ...ACCEPT, [name]: 'Bearer someone-else' });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/headers' });
    expect(outcome.error?.message).toMatch(/may not set (authorization|host)/);
    expect(gh.emulator.requests).toEqual([]);
  });

  it.each([['https://attacker.example/repos'], ['//attacker.example/repos']])(
    'refuses an absolute URL (%s) and sends nothing',
    async (endpoint) => {
      const outcome = await call('GET', endpoint);
      expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/endpoint' });
      expect(outcome.error?.message).toMatch(/must be a path/);
      expect(gh.emulator.requests).toEqual([]);
    },
  );

  it('refuses a path climbing out of the API root', async () => {
    const outcome = await call('GET', '/../../admin');
    expect(outcome.error?.code).toBe('validation');
    expect(gh.emulator.requests).toEqual([]);
  });

  it('reports a revoked token as unauthorized, without the token', async () => {
    gh.emulator.revokeToken(DEMO_TOKEN);
    const outcome = await call('GET', '/user');
    expect(outcome.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(outcome.error?.message).toMatch(/Bad credentials/);
    expect(JSON.stringify(outcome)).not.toContain(DEMO_TOKEN);
  });
});
