import { describe, expect, it } from '@jest/globals';
import { COLLABORATOR_PERMISSIONS } from '../../src/api-call-checks.js';
import { apiCall } from '../../src/steps/api-call.js';
import { COLLABORATOR_PERMISSIONS as EMULATED_PERMISSIONS } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const ACCEPT = { accept: 'application/vnd.github+json' };
const REPO = '/repos/octo-org/hello-world';

describe('github.api_call checks what GitHub would refuse before it sends anything', () => {
  const gh = useGithubEmulator();
  const call = (method: string, endpoint: string, body?: unknown) =>
    gh.run<{ status: number; body: any }>(apiCall, {
      method,
      endpoint,
      headers: ACCEPT,
      ...(body === undefined ? {} : { body }),
    });
  const collaborator = (login: string) =>
    gh.emulator.state.repository('octo-org', 'hello-world')?.collaborators.get(login);

  it('knows the same collaborator permissions as the emulator', () => {
    expect([...COLLABORATOR_PERMISSIONS]).toEqual([...EMULATED_PERMISSIONS]);
  });

  it.each([['owner'], ['Push'], ['write'], [''], [3], [null]])(
    'refuses the collaborator permission %j, listing the allowed ones, and sends nothing',
    async (permission) => {
      const outcome = await call('PUT', `${REPO}/collaborators/mona`, { permission });
      expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/body/permission' });
      expect(outcome.error?.message).toContain('use one of pull, triage, push, maintain, admin');
      expect(outcome.error?.details).toEqual({ allowed: ['pull', 'triage', 'push', 'maintain', 'admin'] });
      expect(gh.emulator.requests).toEqual([]);
      expect(collaborator('mona')).toBeUndefined();
    },
  );

  it.each([
    ['without the leading slash', 'repos/octo-org/hello-world/collaborators/mona'],
    ['with a query', `${REPO}/collaborators/mona?note=x`],
    ['with a trailing slash', `${REPO}/collaborators/mona/`],
    ['through a dot segment', `${REPO}/issues/../collaborators/mona`],
    ['in another case', '/REPOS/octo-org/hello-world/Collaborators/mona'],
  ])('recognises the collaborator endpoint written %s', async (_how, endpoint) => {
    const outcome = await call('PUT', endpoint, { permission: 'owner' });
    expect(outcome.error?.field).toBe('/steps/0/args/body/permission');
    expect(gh.emulator.requests).toEqual([]);
  });

  it.each([...COLLABORATOR_PERMISSIONS])('adds a collaborator with permission %s', async (permission) => {
    const outcome = await call('PUT', `${REPO}/collaborators/mona`, { permission });
    expect(outcome.result?.status).toBe(201);
    expect(collaborator('mona')).toBe(permission);
  });

  it('leaves the permission to GitHub when the body has none (push)', async () => {
    const outcome = await call('PUT', `${REPO}/collaborators/mona`, {});
    expect(outcome.result?.status).toBe(201);
    expect(collaborator('mona')).toBe('push');
  });

  it('does not check permission on other endpoints', async () => {
    const outcome = await call('POST', `${REPO}/issues`, { title: 'Permission: owner', permission: 'owner' });
    expect(outcome.result?.status).toBe(201);
  });

  it.each([[{ state: 'open' }], [null], ['']])(
    'refuses a GET with a body (%j) on /args/body, sending nothing',
    async (body) => {
      const outcome = await call('GET', `${REPO}/issues`, body);
      expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/body' });
      expect(outcome.error?.message).toContain("put its parameters in the endpoint's query");
      expect(gh.emulator.requests).toEqual([]);
    },
  );

  it.each([
    ['a query', 'https://attacker.example/repos?access_token=s3cr3t-value', 'https://attacker.example/repos'],
    ['a fragment', 'https://attacker.example/repos#s3cr3t-value', 'https://attacker.example/repos'],
    ['user info', 'https://bot:s3cr3t-value@attacker.example/repos', 'https://attacker.example/repos'],
    ['user info without a scheme', '//s3cr3t-value@attacker.example/repos', '//attacker.example/repos'],
  ])('refuses a URL without echoing %s, which may hold a secret', async (_what, endpoint, echoed) => {
    const outcome = await call('GET', endpoint);
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/endpoint' });
    expect(outcome.error?.message).toContain(`("${echoed}")`);
    expect(JSON.stringify(outcome)).not.toContain('s3cr3t-value');
    expect(gh.emulator.requests).toEqual([]);
  });
});

describe('github.api_call repeats PUT and DELETE after a failed attempt, never POST or PATCH', () => {
  // Retries wait on the test's fake clock, not in real time.
  const gh = useGithubEmulator({ fakeClock: true });
  const call = (method: string, endpoint: string, body?: unknown) =>
    gh.run<{ status: number }>(apiCall, {
      method,
      endpoint,
      headers: ACCEPT,
      ...(body === undefined ? {} : { body }),
    });
  const statuses = () => gh.emulator.requests.map((request) => `${request.method} ${request.status}`);

  it('sends a PUT again after a 502, and it takes effect once', async () => {
    gh.emulator.faults.inject({ method: 'PUT', path: `${REPO}/collaborators/mona`, status: 502 });
    const outcome = await call('PUT', `${REPO}/collaborators/mona`, { permission: 'triage' });
    expect(outcome.result?.status).toBe(201);
    expect(statuses()).toEqual(['PUT 502', 'PUT 201']);
    expect(gh.emulator.state.repository('octo-org', 'hello-world')?.collaborators.get('mona')).toBe('triage');
  });

  it('sends a DELETE again after a 503', async () => {
    gh.emulator.faults.inject({ method: 'DELETE', path: `${REPO}/collaborators/hubot`, status: 503 });
    const outcome = await call('DELETE', `${REPO}/collaborators/hubot`);
    expect(outcome.result?.status).toBe(204);
    expect(statuses()).toEqual(['DELETE 503', 'DELETE 204']);
  });

  it.each([
    ['POST', `${REPO}/issues`, { title: 'Once only' }],
    ['PATCH', `${REPO}/issues/1`, { title: 'Once only' }],
  ])('fails a %s after a 502 without sending it again', async (method, endpoint, body) => {
    gh.emulator.faults.inject({ method, path: endpoint, status: 502 });
    const outcome = await call(method, endpoint, body);
    expect(outcome.error).toMatchObject({ code: 'unavailable', status: 502 });
    expect(statuses()).toEqual([`${method} 502`]);
  });
});
