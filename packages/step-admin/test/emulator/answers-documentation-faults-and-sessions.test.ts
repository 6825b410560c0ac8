import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type AdminEmulator, createAdminEmulator, startAdminEmulator } from '../../src/testing/index.js';
import { ADA, accountAuth, call } from './admin-http.js';

describe('documentation, faults and the CLI session', () => {
  let emulator: AdminEmulator;
  const project = { name: 'n', description: 'd', organization_id: 'org-acme' };

  beforeAll(async () => {
    emulator = await createAdminEmulator();
  });
  beforeEach(() => {
    emulator.reset();
    emulator.resetState();
  });
  afterAll(() => emulator.close());

  it.each(['GET', 'POST'] as const)(
    'describes the endpoints of each region on %s /latest/documentation',
    async (method) => {
      for (const region of ['AU', 'EU', 'US'] as const) {
        const answer = await call(emulator, region, '/latest/documentation', { method });
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ region, base_url: emulator.regionBaseUrl(region) });
        expect(answer.body.endpoints.map((endpoint: { path: string }) => endpoint.path)).toContain(
          '/latest/auth/users/{user_id}/update',
        );
      }
    },
  );

  it('knows no path outside the three regional prefixes', async () => {
    const response = await fetch(`${emulator.baseUrl}/latest/projects/create`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect((await call(emulator, 'EU', '/v1/projects/create', { auth: accountAuth(ADA) })).status).toBe(404);
  });

  it("answers the next request of a region's route with an injected text body, then recovers", async () => {
    emulator.injectFault('EU', {
      path: '/latest/projects/create',
      status: 502,
      body: '<html>Bad gateway</html>',
    });
    const auth = accountAuth(ADA);
    const failed = await call(emulator, 'EU', '/latest/projects/create', { auth, body: project });
    expect(failed).toMatchObject({ status: 502, body: '<html>Bad gateway</html>' });
    expect(failed.contentType).not.toContain('json');
    expect(emulator.projects.size).toBe(1);
    const next = await call(emulator, 'EU', '/latest/projects/create', { auth, body: project });
    expect(next).toMatchObject({ status: 200, body: { project_id: 'proj-1' } });
  });

  it('keeps a region-scoped fault to its region, and "*" reaches every region', async () => {
    emulator.injectFault('AU', { path: '/latest/documentation', status: 503, body: 'down' });
    expect((await call(emulator, 'EU', '/latest/documentation')).status).toBe(200);
    expect(await call(emulator, 'AU', '/latest/documentation')).toMatchObject({ status: 503, body: 'down' });
    emulator.injectFault('*', { path: '/latest/documentation', status: 500, body: 'oops', times: 2 });
    expect((await call(emulator, 'US', '/latest/documentation')).body).toBe('oops');
    expect((await call(emulator, 'EU', '/latest/documentation')).body).toBe('oops');
    expect((await call(emulator, 'EU', '/latest/documentation')).status).toBe(200);
  });

  it('honours faults injected with the full prefixed path', async () => {
    emulator.faults.inject({
      method: 'POST',
      path: '/eu/latest/auth/invite/create',
      status: 500,
      body: 'boom',
    });
    const answer = await call(emulator, 'EU', '/latest/auth/invite/create', { auth: 'x' });
    expect(answer).toMatchObject({ status: 500, body: 'boom' });
    expect(emulator.requests.at(-1)).toMatchObject({
      path: '/eu/latest/auth/invite/create',
      fault: 'status',
    });
  });

  it('starts a CLI session whose demo account reaches the EU base address', async () => {
    const session = await startAdminEmulator();
    try {
      expect(session.integration).toBe('admin');
      const [account] = session.accounts;
      expect(account).toMatchObject({ id: 'admin-demo', settings: { baseUrl: `${session.baseUrl}/eu` } });
      const response = await fetch(`${account.settings.baseUrl}/latest/projects/create`, {
        method: 'POST',
        headers: {
          authorization: `Bearer :${account.credentials.apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(project),
      });
      expect(await response.json()).toEqual({ project_id: 'proj-1' });
    } finally {
      await session.close();
    }
  });
});
