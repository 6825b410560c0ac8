import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';

describe('an emulator injects faults into the next matching requests', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.get('/items/:id', (c) => c.json({ id: c.req.param('id') }));
        app.post('/items', (c) => c.json({ created: true }, 201));
      },
    });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const get = (path: string, init?: RequestInit) => fetch(`${emulator.baseUrl}${path}`, init);

  it('answers with the status, headers and body for as many times as asked, then the real route', async () => {
    const fault = emulator.faults.inject({
      method: 'GET',
      path: '/items/*',
      times: 2,
      status: 429,
      headers: { 'retry-after': '1' },
      body: { message: 'Slow down' },
    });
    const first = await get('/items/1');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(await first.json()).toEqual({ message: 'Slow down' });
    expect((await get('/items/2')).status).toBe(429);
    expect(fault).toMatchObject({ hits: 2, remaining: 0 });
    const third = await get('/items/3');
    expect(third.status).toBe(200);
    expect(await third.json()).toEqual({ id: '3' });
    expect(emulator.requests.map((request) => [request.status, request.fault])).toEqual([
      [429, 'status'],
      [429, 'status'],
      [200, undefined],
    ]);
  });

  it('leaves requests of another method or path alone', async () => {
    emulator.faults.inject({ method: 'POST', path: '/items', status: 503 });
    expect((await get('/items/1')).status).toBe(200);
    expect((await get('/items', { method: 'POST' })).status).toBe(503);
    expect(emulator.faults.pending).toBe(0);
  });

  it('matches paths by regular expression too', async () => {
    emulator.faults.inject({ path: /^\/items\/\d+$/, status: 500, body: 'plain failure' });
    const response = await get('/items/42');
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('plain failure');
  });

  it('drops the connection without answering', async () => {
    emulator.faults.inject({ path: '/items/*', drop: true });
    await expect(get('/items/1')).rejects.toThrow('fetch failed');
    expect(emulator.requests[0]).toMatchObject({ path: '/items/1', fault: 'drop' });
    expect(emulator.requests[0].status).toBeUndefined();
    expect((await get('/items/1')).status).toBe(200);
  });

  it('delays the real answer', async () => {
    emulator.faults.inject({ path: '/items/7', delayMs: 20 });
    const response = await get('/items/7');
    expect(await response.json()).toEqual({ id: '7' });
    expect(emulator.requests[0]).toMatchObject({ fault: 'delay', status: 200 });
  });

  it('delays a faulty answer when both are asked for', async () => {
    emulator.faults.inject({ path: '/items/8', delayMs: 10, status: 502 });
    expect((await get('/items/8')).status).toBe(502);
    expect(emulator.requests[0]).toMatchObject({ fault: 'status', status: 502 });
  });

  it('stops a cancelled fault and forgets every fault on reset', async () => {
    const cancelled = emulator.faults.inject({
      path: '/items/*',
      status: 500,
      times: Number.POSITIVE_INFINITY,
    });
    cancelled.cancel();
    expect((await get('/items/1')).status).toBe(200);
    emulator.faults.inject({ status: 500, times: 3 });
    emulator.reset();
    expect(emulator.faults.pending).toBe(0);
    expect((await get('/items/1')).status).toBe(200);
  });

  it('refuses a fault that says nothing to do or contradicts itself', () => {
    expect(() => emulator.faults.inject({ path: '/items' })).toThrow(/needs `status`, `drop` or `delayMs`/);
    expect(() => emulator.faults.inject({ status: 500, drop: true })).toThrow(/choose one/);
    expect(() => emulator.faults.inject({ status: 42 })).toThrow(/between 100 and 599/);
    expect(() => emulator.faults.inject({ status: 500, times: 0 })).toThrow(/at least 1/);
    expect(() => emulator.faults.inject({ delayMs: -1 })).toThrow(/delayMs/);
    expect(emulator.faults.pending).toBe(0);
  });

  it('closes promptly while an answer is being delayed', async () => {
    const slow = await createEmulator({ routes: (app) => app.get('/x', (c) => c.text('x')) });
    slow.faults.inject({ path: '/x', delayMs: 60_000 });
    const pending = fetch(`${slow.baseUrl}/x`).then(
      () => 'answered',
      () => 'cut',
    );
    while (slow.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await slow.close();
    expect(await pending).toBe('cut');
  });
});
