import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';

describe('an emulator checks credentials before its routes', () => {
  let emulator: Emulator;
  let routeCalls = 0;

  beforeAll(async () => {
    emulator = await createEmulator({
      authorize: (request) => {
        if (request.path === '/public') return true;
        if (request.headers.authorization === 'Bearer suspended') {
          return Response.json({ message: 'Account suspended' }, { status: 403 });
        }
        return request.headers.authorization === 'Bearer good';
      },
      routes: (app) => {
        app.get('/private', (c) => {
          routeCalls += 1;
          return c.json({ secret: 'data' });
        });
        app.get('/public', (c) => c.json({ open: true }));
      },
    });
  });
  afterAll(() => emulator.close());

  it('lets a request with good credentials reach its route', async () => {
    const response = await fetch(`${emulator.baseUrl}/private`, {
      headers: { authorization: 'Bearer good' },
    });
    expect(response.status).toBe(200);
    expect(routeCalls).toBe(1);
  });

  it('answers 401 without running the route when the check says no', async () => {
    const response = await fetch(`${emulator.baseUrl}/private`, { headers: { authorization: 'Bearer bad' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Bad credentials' });
    expect(routeCalls).toBe(1);
    expect(emulator.requests.at(-1)).toMatchObject({ path: '/private', status: 401 });
  });

  it('answers with the Response the check returns', async () => {
    const response = await fetch(`${emulator.baseUrl}/private`, {
      headers: { authorization: 'Bearer suspended' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Account suspended' });
    expect(routeCalls).toBe(1);
  });

  it('lets the check open routes that need no credentials', async () => {
    const response = await fetch(`${emulator.baseUrl}/public`);
    expect(response.status).toBe(200);
  });
});
