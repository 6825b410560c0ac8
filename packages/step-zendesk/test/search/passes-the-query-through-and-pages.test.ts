import { describe, expect, it } from '@jest/globals';
import { searchTickets } from '../../src/steps/search-tickets.js';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { searchParams } from './search-exchanges.js';

type Json = any;

describe('zendesk.search_tickets passes the query through and pages', () => {
  const zd = useZendeskEmulator();

  it('sends the query as written, with type:ticket put first, and returns the tickets found', async () => {
    const outcome = await zd.run<Json>(searchTickets, { query: 'status<solved tags:warranty' });
    expect(outcome.error).toBeUndefined();
    const [sent] = searchParams(outcome.exchanges);
    expect(sent.get('query')).toBe('type:ticket status<solved tags:warranty');
    expect(outcome.result).toMatchObject({ count: 1, read: 1, capped: false, exported: false });
    expect(outcome.result.tickets.map((ticket: Json) => ticket.id)).toEqual([DEMO_TICKETS.leakingMachine]);
    expect(outcome.result).not.toHaveProperty('next_page');
  });

  it('does not add type:ticket twice, and passes sort_by and sort_order', async () => {
    const outcome = await zd.run<Json>(searchTickets, {
      query: 'type:ticket status<closed',
      sort_by: 'created_at',
      sort_order: 'asc',
    });
    const [sent] = searchParams(outcome.exchanges);
    expect(sent.get('query')).toBe('type:ticket status<closed');
    expect(sent.get('sort_by')).toBe('created_at');
    expect(sent.get('sort_order')).toBe('asc');
    expect(outcome.result.tickets.map((ticket: Json) => ticket.id)).toEqual([
      DEMO_TICKETS.leakingMachine,
      DEMO_TICKETS.missingBurrs,
      DEMO_TICKETS.invoiceCopy,
    ]);
  });

  it('returns one page of 100 and the next page number, or every page with all', async () => {
    const ids = zd.emulator.seedTickets(250, { tags: ['batch'] });
    const one = await zd.run<Json>(searchTickets, { query: 'tags:batch' });
    expect(one.result).toMatchObject({ count: 250, read: 100, next_page: 2, capped: false });

    const second = await zd.run<Json>(searchTickets, { query: 'tags:batch', page: 2 });
    expect(second.result.tickets.map((ticket: Json) => ticket.id)).toEqual(ids.slice(100, 200));

    const all = await zd.run<Json>(searchTickets, { query: 'tags:batch', all: true });
    expect(all.result).toMatchObject({ count: 250, read: 250, capped: false });
    expect(all.result).not.toHaveProperty('next_page');
    expect(searchParams(all.exchanges).map((sent) => sent.get('page'))).toEqual(['1', '2', '3']);
  });

  it('stops at limit and says which page holds the rest', async () => {
    zd.emulator.seedTickets(250, { tags: ['batch'] });
    const outcome = await zd.run<Json>(searchTickets, { query: 'tags:batch', all: true, limit: 150 });
    expect(outcome.result).toMatchObject({ read: 150, next_page: 2 });
  });
});
