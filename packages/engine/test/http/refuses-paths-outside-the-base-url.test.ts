import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from './support/http-fixture.js';

describe('a request names a path under the account base URL, never a host', () => {
  let emulator: Emulator;
  let fixture: ReturnType<typeof httpFixture>;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.get('/api/v2/*', (c) => c.json({ path: new URL(c.req.url).pathname, query: c.req.queries() }));
      },
    });
    fixture = httpFixture({ baseUrl: `${emulator.baseUrl}/api/v2` });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it.each([
    ['an absolute URL', 'https://attacker.example/steal', /absolute URL/],
    ['an absolute URL in another case', 'HTTP://127.0.0.1:1/x', /absolute URL/],
    ['a protocol-relative URL', '//attacker.example/steal', /names another host/],
    ['a backslash trick', '/\\attacker.example/x', /backslash/],
    ['a parent segment leaving the base', '../admin', /climbs above/],
    ['parent segments after a detour', 'items/../../../admin', /climbs above/],
    ['percent-encoded dots', '%2e%2e/admin', /percent-encoding/],
    ['mixed-case encoded dots', 'items/%2E./x', /percent-encoding/],
    ['an encoded slash hiding dots', 'items/..%2F..%2Fadmin', /percent-encoding/],
    ['an encoded backslash', 'items/%5cadmin', /percent-encoding/],
    ['a line break', 'items\r\nHost: attacker.example', /control character/],
    ['a fragment', 'items#top', /"#"/],
    ['a scheme-like start', 'javascript:alert(1)', /absolute URL/],
  ])('refuses %s with a validation error and sends nothing', async (_what, path, why) => {
    const error = await failure(fixture.client().get(path));
    expect(error.code).toBe('validation');
    expect(error.message).toMatch(why);
    expect(error.message).toMatch(/nothing was sent/);
    expect(emulator.requests).toEqual([]);
  });

  it('leaves the query out of what it says of a refused path: it may hold a credential', async () => {
    const error = await failure(fixture.client().get('../admin?access_token=tok_pasted_by_mistake'));
    expect(error.message).toBe(
      'Request path "../admin?…" climbs above the account\'s base URL with ".."; nothing was sent',
    );
    expect(JSON.stringify(error.toJSON())).not.toContain('tok_pasted_by_mistake');
    expect(emulator.requests).toEqual([]);
  });

  it('joins paths with or without a leading slash under the base path', async () => {
    const withSlash = await fixture.client().get<{ path: string }>('/tickets/1');
    const without = await fixture.client().get<{ path: string }>('tickets/1');
    expect(withSlash.body.path).toBe('/api/v2/tickets/1');
    expect(without.body.path).toBe('/api/v2/tickets/1');
  });

  it('allows ".." that stays inside the base path', async () => {
    const response = await fixture.client().get<{ path: string }>('tickets/1/../2');
    expect(response.body.path).toBe('/api/v2/tickets/2');
  });

  it('turns a query object into a query string: arrays repeat keys, undefined and null are left out', async () => {
    const response = await fixture.client().get<{ query: Record<string, string[]> }>('search?sort=asc', {
      label: ['bug', 'urgent'],
      page: 2,
      open: true,
      missing: undefined,
      nothing: null,
      q: 'a b&c',
    });
    expect(response.body.query).toEqual({
      sort: ['asc'],
      label: ['bug', 'urgent'],
      page: ['2'],
      open: ['true'],
      q: ['a b&c'],
    });
    expect(fixture.exchanges.at(-1)?.path).toBe(
      '/search?sort=asc&label=bug&label=urgent&page=2&open=true&q=a+b%26c',
    );
  });
});
