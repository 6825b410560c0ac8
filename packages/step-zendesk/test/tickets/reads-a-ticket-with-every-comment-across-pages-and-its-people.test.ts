import { describe, expect, it } from '@jest/globals';
import { getTicket } from '../../src/steps/get-ticket.js';
import { DEMO_TICKETS, DEMO_USERS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;

describe('zendesk.get_ticket', () => {
  const zd = useZendeskEmulator();

  it('returns status, priority, requester and assignee with names and emails (side-loaded users)', async () => {
    const outcome = await zd.run<Json>(getTicket, { ticket_id: DEMO_TICKETS.leakingMachine });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({
      id: DEMO_TICKETS.leakingMachine,
      status: 'open',
      priority: 'high',
      requester: {
        id: DEMO_USERS.jordan,
        name: 'Jordan Blake',
        email: 'jordan@brightside.example',
        role: 'end-user',
      },
      assignee: {
        id: DEMO_USERS.marco,
        name: 'Marco Bellini',
        email: 'marco@lumencoffee.example',
        role: 'agent',
      },
    });
    expect(outcome.exchanges[0].path).toBe(
      `/api/v2/tickets/${DEMO_TICKETS.leakingMachine}.json?include=users`,
    );
  });

  it('follows links across comment pages until has_more is false, internal notes included', async () => {
    // Five seeded comments and 200 more, 100 a page: three pages.
    const seeded = zd.emulator.state.tickets.get(DEMO_TICKETS.leakingMachine)!.comments;
    for (let i = 0; i < 200; i += 1)
      seeded.push({
        ...seeded[1],
        id: 6_000_000_000 + i,
        body: `Note ${i}`,
        created_at: '2029-11-02T10:00:00Z',
      });
    const outcome = await zd.run<Json>(getTicket, { ticket_id: DEMO_TICKETS.leakingMachine });
    const pages = outcome.exchanges.filter((exchange) => exchange.path.includes('/comments.json'));
    expect(pages).toHaveLength(3);
    expect(pages[1].path).toContain('page%5Bafter%5D=');
    expect(outcome.result.comments).toHaveLength(205);
    expect(outcome.result.comments[0]).toMatchObject({ public: true, author: { name: 'Jordan Blake' } });
    expect(outcome.result.comments[1]).toMatchObject({ public: false, author: { name: 'Marco Bellini' } });
    expect(outcome.result.comments[4]).toMatchObject({
      public: false,
      author: { email: 'aiko@lumencoffee.example' },
    });
    expect(outcome.result.comments.at(-1).body).toBe('Note 199');
  });

  it('fails not_found for a ticket that does not exist', async () => {
    const outcome = await zd.run(getTicket, { ticket_id: 99_999 });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });
});
