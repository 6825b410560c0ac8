import { describe, expect, it, jest } from '@jest/globals';
import type { HttpExchange, HttpMethod } from '@toolsteps/engine';
import { DEMO_TICKETS, DEMO_TOKENS, DEMO_USERS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { exchangeProblems } from './exchange-problems.js';
import { fidelityOpenApi } from './fidelity-allowances.js';
import { apiTokenAuthorization, type RawRequest, zendeskHttp } from './zendesk-http.js';

jest.setTimeout(180_000);

const TICKET = `/api/v2/tickets/${DEMO_TICKETS.leakingMachine}`;

/** Answers no step asks for, straight from the emulator, each checked against Zendesk's description. */
describe("the emulator answers refusals, pages and its other routes in Zendesk's documented shapes", () => {
  const zd = useZendeskEmulator();
  const openApi = fidelityOpenApi();
  let walked: Array<{ exchange: HttpExchange; offSchema: boolean }> = [];
  /** `offSchema`: the request breaks the documented schema on purpose (to provoke a 422); only its answer is judged. */
  const send = async (
    method: HttpMethod,
    path: string,
    request: RawRequest & { offSchema?: boolean } = {},
  ) => {
    const exchange = await zendeskHttp(zd.emulator, method, path, request);
    walked.push({ exchange, offSchema: request.offSchema ?? false });
    return exchange;
  };
  const statuses = () => walked.map(({ exchange }) => exchange.status);
  const problemsOf = ({ exchange, offSchema }: (typeof walked)[number]) => {
    const { problems } = exchangeProblems(openApi, exchange);
    if (!offSchema) return problems;
    const request = openApi.checkRequest(exchange.method, exchange.path, exchange.requestBody).problems;
    const answer = problems.filter((problem) => !request.includes(problem));
    return request.length > 0 ? answer : [...answer, 'the request was meant to break the schema'];
  };
  const problems = () => {
    const found = walked.flatMap((one) =>
      problemsOf(one).map(
        (problem) => `${one.exchange.method} ${one.exchange.path} ${one.exchange.status}: ${problem}`,
      ),
    );
    walked = [];
    return found;
  };

  it('refuses: 401 without or with bad credentials, 403 for an end user, 404, 422 and 400', async () => {
    await send('GET', `${TICKET}.json`, { authorization: null });
    await send('GET', `${TICKET}.json`, { authorization: 'Bearer not-a-token' });
    await send('GET', `${TICKET}.json`, {
      authorization: apiTokenAuthorization('marco@lumencoffee.example', 'wrong-token'),
    });
    await send('GET', `${TICKET}.json`, { authorization: `Bearer ${DEMO_TOKENS.endUserAccess}` });
    await send('PUT', `${TICKET}.json`, {
      authorization: `Bearer ${DEMO_TOKENS.endUserAccess}`,
      body: { ticket: { status: 'solved' } },
    });
    await send('GET', '/api/v2/tickets/999999.json');
    await send('PUT', '/api/v2/tickets/999999.json', { body: { ticket: { status: 'open' } } });
    await send('DELETE', '/api/v2/tickets/999999.json');
    await send('GET', '/api/v2/tickets/999999/comments.json');
    await send('GET', '/api/v2/users/999999.json');
    await send('PUT', `${TICKET}.json`, { body: { ticket: { priority: 'blazing' } }, offSchema: true });
    await send('POST', '/api/v2/tickets.json', {
      body: { ticket: { subject: 'No description' } },
      offSchema: true,
    });
    await send('PUT', `/api/v2/tickets/${DEMO_TICKETS.invoiceCopy}.json`, {
      body: { ticket: { status: 'closed' } },
    });
    await send('PUT', `/api/v2/tickets/${DEMO_TICKETS.invoiceCopy}.json`, {
      body: { ticket: { subject: 'Reopen?' } },
    });
    await send('GET', '/api/v2/tickets.json?page[size]=500');
    await send('GET', '/api/v2/tickets.json?page[size]=2&page[after]=not-a-cursor');
    expect(statuses()).toEqual([
      401, 401, 401, 403, 403, 404, 404, 404, 404, 404, 422, 422, 200, 422, 400, 400,
    ]);
    // The 422s must name the refused fields, as Zendesk's `details` do.
    expect(walked[10].exchange.responseBody).toMatchObject({
      error: 'RecordInvalid',
      details: { priority: [{}] },
    });
    expect(problems()).toEqual([]);
  });

  it('pages tickets and comments by cursor and by offset, following the links it gives', async () => {
    let next: string | null = '/api/v2/tickets.json?page[size]=2';
    while (next !== null) {
      const page: HttpExchange = await send('GET', next);
      const links = (page.responseBody as { links: { next: string | null } }).links;
      next = links.next === null ? null : links.next.slice(zd.emulator.baseUrl.length);
    }
    await send('GET', '/api/v2/tickets.json?per_page=2&page=2&include=users');
    await send('GET', `${TICKET}/comments.json?page[size]=2&include=users`);
    await send('GET', `${TICKET}/comments.json?page[size]=2&sort=-created_at`);
    await send('GET', `${TICKET}/comments.json?per_page=3&page=2`);
    expect(
      walked.map(({ exchange }) => new URL(exchange.path, 'http://x').searchParams.has('page[after]')),
    ).toEqual([false, true, false, false, false, false]);
    expect(statuses()).toEqual([200, 200, 200, 200, 200, 200]);
    expect(problems()).toEqual([]);
  });

  it('answers users, organizations, ticket fields, tags and uploads, signed with OAuth or an API token', async () => {
    const asApiToken = { authorization: apiTokenAuthorization('priya@lumencoffee.example') };
    await send('GET', '/api/v2/users/me.json', asApiToken);
    await send('GET', '/api/v2/users/me.json', { authorization: `Bearer ${DEMO_TOKENS.endUserAccess}` });
    await send('GET', `/api/v2/users/${DEMO_USERS.jordan}.json`);
    await send('GET', `/api/v2/users/show_many.json?ids=${DEMO_USERS.marco},${DEMO_USERS.sofia}`);
    await send('GET', '/api/v2/organizations/362000001.json');
    await send('GET', '/api/v2/ticket_fields.json');
    await send('GET', `${TICKET}/tags.json`);
    await send('POST', `${TICKET}/tags.json`, { body: { tags: ['espresso_machines', 'leak'] } });
    await send('PUT', `${TICKET}/tags.json`, { body: { tags: ['vip'] } });
    await send('DELETE', `${TICKET}/tags.json`, { body: { tags: ['leak'] } });
    await send('POST', '/api/v2/uploads.json?filename=group-head.jpg', {
      raw: { content: new Uint8Array([0xff, 0xd8, 0xff]), contentType: 'image/jpeg' },
    });
    await send('GET', '/api/v2/tickets.json?include=users', asApiToken);
    expect(statuses()).toEqual([200, 200, 200, 200, 200, 200, 200, 201, 200, 204, 201, 200]);
    expect(problems()).toEqual([]);
  });
});
