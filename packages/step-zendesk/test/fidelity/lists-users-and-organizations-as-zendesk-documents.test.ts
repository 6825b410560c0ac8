import { describe, expect, it, jest } from '@jest/globals';
import type { HttpExchange } from '@toolsteps/engine';
import { DEMO_ORGANIZATIONS, DEMO_USERS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { exchangeProblems } from './exchange-problems.js';
import { fidelityOpenApi } from './fidelity-allowances.js';
import { zendeskHttp } from './zendesk-http.js';

jest.setTimeout(120_000);

type Json = any;

describe("the emulator lists users and organizations in the shapes of Zendesk's description", () => {
  const zd = useZendeskEmulator();
  const exchanges: HttpExchange[] = [];
  const get = async (path: string) => {
    const exchange = await zendeskHttp(zd.emulator, 'GET', path);
    exchanges.push(exchange);
    expect(exchange.status).toBe(200);
    return exchange.responseBody as Json;
  };
  const ids = (items: Json[]) => items.map((item) => item.id);

  it('pages users by offset or cursor, filters them by role, and lists organizations', async () => {
    const everyone = await get('/api/v2/users');
    expect(ids(everyone.users)).toEqual(Object.values(DEMO_USERS).sort((a, b) => a - b));
    expect(everyone).toMatchObject({ count: 6, next_page: null });

    const firstTwo = await get('/api/v2/users.json?per_page=2');
    expect(firstTwo.next_page).toContain('page=2');

    const cursor = await get('/api/v2/users.json?page[size]=4');
    expect(cursor.meta.has_more).toBe(true);
    const rest = await get(new URL(cursor.links.next).pathname + new URL(cursor.links.next).search);
    expect([...ids(cursor.users), ...ids(rest.users)]).toEqual(ids(everyone.users));
    expect(rest.meta.has_more).toBe(false);

    expect(ids((await get('/api/v2/users.json?role=agent')).users)).toEqual([
      DEMO_USERS.marco,
      DEMO_USERS.aiko,
    ]);
    expect(ids((await get('/api/v2/users.json?role[]=admin&role[]=agent')).users)).toEqual([
      DEMO_USERS.admin,
      DEMO_USERS.marco,
      DEMO_USERS.aiko,
    ]);

    const organizations = await get('/api/v2/organizations.json');
    expect(ids(organizations.organizations)).toEqual([
      DEMO_ORGANIZATIONS.brightside,
      DEMO_ORGANIZATIONS.harbor,
    ]);

    const openApi = fidelityOpenApi();
    expect(exchanges.flatMap((exchange) => exchangeProblems(openApi, exchange).problems)).toEqual([]);
    expect(new Set(exchanges.map((exchange) => exchangeProblems(openApi, exchange).operationId))).toEqual(
      new Set(['ListUsers', 'ListOrganizations']),
    );
  });
});
