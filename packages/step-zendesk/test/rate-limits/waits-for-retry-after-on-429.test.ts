import { describe, expect, it } from '@jest/globals';
import { createTicket } from '../../src/steps/create-ticket.js';
import { getTicket } from '../../src/steps/get-ticket.js';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

describe("Zendesk's 429 with Retry-After", () => {
  const zd = useZendeskEmulator();
  const tooMany = {
    status: 429,
    headers: { 'retry-after': '7' },
    body: {
      error: 'APIRateLimitExceeded',
      description: 'Number of allowed API requests per minute exceeded',
    },
  };

  it('waits the seconds Zendesk names, then reads', async () => {
    zd.emulator.faults.inject({
      method: 'GET',
      path: `/api/v2/tickets/${DEMO_TICKETS.invoiceCopy}.json`,
      ...tooMany,
    });
    const outcome = await zd.run(getTicket, { ticket_id: DEMO_TICKETS.invoiceCopy });
    expect(outcome.error).toBeUndefined();
    expect(zd.clock.sleeps).toContain(7_000);
  });

  it('repeats a create refused by the rate limit, which proves it was not made, and creates once', async () => {
    zd.emulator.faults.inject({ method: 'POST', path: '/api/v2/tickets.json', ...tooMany });
    const outcome = await zd.run(createTicket, { subject: 'Once', description: 'Only one ticket' });
    expect(outcome.error).toBeUndefined();
    expect(zd.emulator.requests.map((request) => request.status)).toEqual([429, 201]);
    expect(zd.emulator.state.tickets.size).toBe(4);
  });
});
