import { describe, expect, it } from '@jest/globals';
import type { HttpExchange } from '@toolsteps/engine';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { exchangeProblems } from '../fidelity/exchange-problems.js';
import { fidelityOpenApi } from '../fidelity/fidelity-allowances.js';
import { zendeskHttp } from '../fidelity/zendesk-http.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

const ID = DEMO_TICKETS.missingBurrs;

describe("the emulator keeps a deleted ticket among the deleted tickets, as Zendesk's soft delete does", () => {
  const zd = useZendeskEmulator();
  const exchanges: HttpExchange[] = [];
  const send = async (...args: Parameters<typeof zendeskHttp> extends [unknown, ...infer R] ? R : never) => {
    const exchange = await zendeskHttp(zd.emulator, ...args);
    exchanges.push(exchange);
    return exchange;
  };
  const ids = (body: any, key: string) => body[key].map((item: { id: number }) => item.id);

  it('hides it from show, list and search, lists it as deleted, restores it, and deletes it for good', async () => {
    expect((await send('DELETE', `/api/v2/tickets/${ID}.json`)).status).toBe(204);

    expect((await send('GET', `/api/v2/tickets/${ID}.json`)).status).toBe(404);
    expect(ids((await send('GET', '/api/v2/tickets.json')).responseBody, 'tickets')).not.toContain(ID);
    const search = await send('GET', '/api/v2/search.json?query=type%3Aticket%20burrs');
    expect((search.responseBody as any).results).toEqual([]);
    const deleted = (await send('GET', '/api/v2/deleted_tickets.json')).responseBody as any;
    expect(deleted.deleted_tickets).toEqual([
      expect.objectContaining({
        id: ID,
        subject: 'Grinder order arrived without burrs',
        previous_state: 'new',
        actor: expect.objectContaining({ name: 'Marco Bellini' }),
      }),
    ]);

    expect((await send('PUT', `/api/v2/deleted_tickets/${ID}/restore.json`)).status).toBe(200);
    expect((await send('GET', `/api/v2/tickets/${ID}.json`)).status).toBe(200);

    await send('DELETE', `/api/v2/tickets/${ID}.json`);
    const job = await send('DELETE', `/api/v2/deleted_tickets/${ID}.json`);
    expect((job.responseBody as any).job_status).toMatchObject({ status: 'completed' });
    expect(((await send('GET', '/api/v2/deleted_tickets.json')).responseBody as any).deleted_tickets).toEqual(
      [],
    );
    expect((await send('PUT', `/api/v2/deleted_tickets/${ID}/restore.json`)).status).toBe(404);
    expect((await send('DELETE', `/api/v2/deleted_tickets/${ID}.json`)).status).toBe(404);

    const openApi = fidelityOpenApi();
    expect(exchanges.flatMap((exchange) => exchangeProblems(openApi, exchange).problems)).toEqual([]);
  });
});
