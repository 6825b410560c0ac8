import { beforeEach, describe, expect, it } from '@jest/globals';
import { createTicket } from '../../src/steps/create-ticket.js';
import { getTicket } from '../../src/steps/get-ticket.js';
import { listTickets } from '../../src/steps/list-tickets.js';
import { DEMO_TICKETS, DEMO_TOKENS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;

const LIMIT = 3;
const TICKET = `/api/v2/tickets/${DEMO_TICKETS.invoiceCopy}.json`;

/**
 * The emulator counts an account's API requests per minute of its clock, as Zendesk does: every
 * answer says the limit and what is left, and a request past it gets 429 with Retry-After (seconds
 * to the next minute). The fixture's clock starts on a minute, and moves only when slept on.
 */
describe("Zendesk's per-minute request limit", () => {
  const zd = useZendeskEmulator();
  beforeEach(() => zd.emulator.setRequestsPerMinute(LIMIT));

  const get = async (path: string, authorization: string | null = `Bearer ${DEMO_TOKENS.agentAccess}`) => {
    const response = await fetch(`${zd.emulator.baseUrl}${path}`, {
      headers: authorization === null ? {} : { authorization },
    });
    const body = await response.text();
    const header = (name: string) => response.headers.get(name);
    return {
      status: response.status,
      body,
      limits: {
        limit: header('x-rate-limit'),
        remaining: header('x-rate-limit-remaining'),
        standardLimit: header('ratelimit-limit'),
        standardRemaining: header('ratelimit-remaining'),
        reset: header('ratelimit-reset'),
        retryAfter: header('retry-after'),
      },
    };
  };
  const limits = (remaining: number, reset: number, retryAfter: string | null = null) => ({
    limit: String(LIMIT),
    remaining: String(remaining),
    standardLimit: String(LIMIT),
    standardRemaining: String(remaining),
    reset: String(reset),
    retryAfter,
  });

  it('sends the limit headers on every answer, refusals included, and 429 with Retry-After past it', async () => {
    await zd.clock.sleep(15_000);
    expect(await get(TICKET)).toMatchObject({ status: 200, limits: limits(2, 45) });
    expect(await get(TICKET, null)).toMatchObject({ status: 401, limits: limits(1, 45) });
    expect(await get('/api/v2/tickets/999999.json')).toMatchObject({ status: 404, limits: limits(0, 45) });
    expect(await get(TICKET)).toEqual({
      status: 429,
      body: 'Number of allowed API requests per minute exceeded',
      limits: limits(0, 45, '45'),
    });

    await zd.clock.sleep(45_000);
    expect(await get(TICKET)).toMatchObject({ status: 200, limits: limits(2, 60) });
  });

  it('counts nothing and sends no headers once the limit is lifted', async () => {
    zd.emulator.setRequestsPerMinute(undefined);
    for (let i = 0; i < LIMIT + 2; i++) {
      const answer = await get(TICKET);
      expect(answer.status).toBe(200);
      expect(answer.limits.limit).toBeNull();
    }
    expect(() => zd.emulator.setRequestsPerMinute(0)).toThrow('positive whole number');
  });

  it('runs a step refused by the limit again after the Retry-After, on the same clock', async () => {
    await zd.clock.sleep(20_000);
    for (let i = 0; i < LIMIT; i++) expect((await get(TICKET)).status).toBe(200);

    const outcome = await zd.run<Json>(getTicket, { ticket_id: DEMO_TICKETS.invoiceCopy });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({ id: DEMO_TICKETS.invoiceCopy });
    expect(zd.clock.sleeps.slice(0, 2)).toEqual([20_000, 40_000]);
    const stepRequests = zd.emulator.requests.slice(LIMIT);
    expect(stepRequests.map((request) => request.status)[0]).toBe(429);
    expect(stepRequests.slice(1).every((request) => request.status === 200)).toBe(true);
  });

  it('makes a create refused by the limit once, after the wait', async () => {
    for (let i = 0; i < LIMIT; i++) await get(TICKET);
    const outcome = await zd.run(createTicket, { subject: 'Once', description: 'Only one ticket' });
    expect(outcome.error).toBeUndefined();
    expect(zd.emulator.requests.slice(LIMIT).map((request) => request.status)).toEqual([429, 201]);
    expect(zd.clock.sleeps).toEqual([60_000]);
    expect(zd.emulator.state.tickets.size).toBe(4);
  });

  it('spreads a listing that needs more requests than a minute allows over minutes, unrefused', async () => {
    zd.emulator.seedTickets(1_100, { status: 'pending' });
    const outcome = await zd.run<Json>(listTickets, { status: 'pending', all: true, limit: 2_000 });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({ read: 1_100, has_more: false });
    const statuses = zd.emulator.requests.map((request) => request.status);
    expect(statuses).not.toContain(429);
    // 11 pages at 3 a minute: the engine read `ratelimit-remaining: 0` and waited for each reset.
    expect(statuses).toHaveLength(11);
    expect(zd.clock.sleeps).toEqual([60_000, 60_000, 60_000]);
  });
});
