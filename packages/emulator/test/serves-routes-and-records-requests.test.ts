import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';

describe('an emulator serves its routes and records what it received', () => {
  let emulator: Emulator;
  const items = new Map<string, { id: string; name: string }>([['1', { id: '1', name: 'first' }]]);

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.get('/items/:id', (c) => {
          const item = items.get(c.req.param('id'));
          return item ? c.json(item) : c.json({ message: 'No such item' }, 404);
        });
        app.post('/items', async (c) => {
          const body = await c.req.json<{ name: string }>();
          const item = { id: String(items.size + 1), name: body.name };
          items.set(item.id, item);
          return c.json(item, 201);
        });
      },
    });
  });
  afterAll(() => emulator.close());

  it('answers a route with path parameters over loopback', async () => {
    expect(emulator.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${emulator.baseUrl}/items/1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: '1', name: 'first' });
  });

  it('logs method, path, query, lowercase headers and the parsed JSON body, and the status it answered', async () => {
    emulator.reset();
    const response = await fetch(`${emulator.baseUrl}/items?tag=a&tag=b&page=2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer abc' },
      body: JSON.stringify({ name: 'second' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: '2', name: 'second' });
    const [request] = emulator.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/items',
      query: { tag: ['a', 'b'], page: '2' },
      body: { name: 'second' },
      status: 201,
    });
    expect(request.headers.authorization).toBe('Bearer abc');
  });

  it('answers an unknown route with a JSON 404 naming it', async () => {
    const response = await fetch(`${emulator.baseUrl}/nothing/here`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found: DELETE /nothing/here' });
  });

  it('forgets the log on reset', async () => {
    await fetch(`${emulator.baseUrl}/items/1`);
    expect(emulator.requests.length).toBeGreaterThan(0);
    emulator.reset();
    expect(emulator.requests).toEqual([]);
  });

  it('keeps only the latest requests when a log limit is set', async () => {
    const small = await createEmulator({
      routes: (app) => app.get('/n/:n', (c) => c.text('ok')),
      maxLoggedRequests: 2,
    });
    try {
      for (const n of [1, 2, 3]) await (await fetch(`${small.baseUrl}/n/${n}`)).text();
      expect(small.requests.map((request) => request.path)).toEqual(['/n/2', '/n/3']);
    } finally {
      await small.close();
    }
  });

  it('counts requests in flight and their peak', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let arrived = 0;
    const slow = await createEmulator({
      routes: (app) =>
        app.get('/slow', async (c) => {
          arrived += 1;
          await gate;
          return c.text('done');
        }),
    });
    try {
      const calls = [1, 2, 3].map(() => fetch(`${slow.baseUrl}/slow`).then((response) => response.text()));
      while (arrived < 3) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(slow.inFlight).toBe(3);
      open();
      expect(await Promise.all(calls)).toEqual(['done', 'done', 'done']);
      expect(slow.peakInFlight).toBe(3);
    } finally {
      await slow.close();
    }
  });
});
