import { describe, expect, it } from '@jest/globals';
import { searchTickets } from '../../src/steps/search-tickets.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { searchParams } from './search-exchanges.js';

type Json = any;

describe('zendesk.search_tickets with all: true beyond the cap', () => {
  const zd = useZendeskEmulator();

  it('reads every match through the export search, by cursor, without type: in its query', async () => {
    const ids = zd.emulator.seedTickets(1_234, { tags: ['bulk'] });
    const outcome = await zd.run<Json>(searchTickets, { query: 'tags:bulk', all: true, limit: 5_000 });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({ count: 1_234, read: 1_234, capped: false, exported: true });
    // Newest created first, each ticket once.
    const found = outcome.result.tickets.map((ticket: Json) => ticket.id);
    expect(found).toEqual([...ids].reverse());

    expect(searchParams(outcome.exchanges)).toHaveLength(1);
    const pages = searchParams(outcome.exchanges, '/api/v2/search/export.json');
    expect(pages).toHaveLength(13);
    expect(pages[0].get('query')).toBe('tags:bulk');
    expect(pages[0].get('filter[type]')).toBe('ticket');
    expect(pages[0].get('page[size]')).toBe('100');
    expect(pages[0].has('page[after]')).toBe(false);
    expect(pages[1].get('page[after]')).toEqual(expect.any(String));
  });

  it('stops the export at limit', async () => {
    zd.emulator.seedTickets(1_234, { tags: ['bulk'] });
    const outcome = await zd.run<Json>(searchTickets, { query: 'tags:bulk', all: true, limit: 1_050 });
    expect(outcome.result).toMatchObject({ count: 1_234, read: 1_050, exported: true });
    const sizes = searchParams(outcome.exchanges, '/api/v2/search/export.json').map((sent) =>
      sent.get('page[size]'),
    );
    expect(sizes.at(-1)).toBe('50');
  });
});
