import { describe, expect, it } from '@jest/globals';
import { listTickets } from '../../src/steps/list-tickets.js';
import { searchParams } from '../search/search-exchanges.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;

describe('zendesk.list_tickets pages by cursor', () => {
  const zd = useZendeskEmulator();

  it('returns one page and a cursor that continues exactly after it', async () => {
    const ids = zd.emulator.seedTickets(250, { status: 'pending' }).reverse();
    const first = await zd.run<Json>(listTickets, { status: 'pending', page_size: 40 });
    expect(first.result).toMatchObject({ read: 40, has_more: true, after_cursor: expect.any(String) });
    expect(first.result.tickets.map((ticket: Json) => ticket.id)).toEqual(ids.slice(0, 40));

    const next = await zd.run<Json>(listTickets, {
      status: 'pending',
      page_size: 40,
      after_cursor: first.result.after_cursor,
    });
    expect(next.result.tickets.map((ticket: Json) => ticket.id)).toEqual(ids.slice(40, 80));
  });

  it('reads every page with all, past the 1,000 results search would serve', async () => {
    zd.emulator.seedTickets(1_100, { status: 'pending' });
    const outcome = await zd.run<Json>(listTickets, { status: 'pending', all: true, limit: 2_000 });
    expect(outcome.result).toMatchObject({ read: 1_100, has_more: false, after_cursor: null });
    expect(searchParams(outcome.exchanges, '/api/v2/search/export.json')).toHaveLength(11);
  });

  it('stops at limit with a cursor for the rest', async () => {
    const ids = zd.emulator.seedTickets(250, { status: 'pending' }).reverse();
    const outcome = await zd.run<Json>(listTickets, { status: 'pending', all: true, limit: 130 });
    expect(outcome.result).toMatchObject({ read: 130, has_more: true });
    const rest = await zd.run<Json>(listTickets, {
      status: 'pending',
      all: true,
      after_cursor: outcome.result.after_cursor,
    });
    expect(rest.result.tickets.map((ticket: Json) => ticket.id)).toEqual(ids.slice(130));
  });
});
