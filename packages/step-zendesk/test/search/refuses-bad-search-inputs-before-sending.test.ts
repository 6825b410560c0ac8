import { describe, expect, it } from '@jest/globals';
import { searchTickets } from '../../src/steps/search-tickets.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

describe('zendesk.search_tickets refuses bad input before anything is sent', () => {
  const zd = useZendeskEmulator();

  it.each([
    ['a blank query', { query: '   ' }, 'query'],
    ['a query for another type of record', { query: 'type:user jordan' }, 'type:user'],
    ['an unknown sort', { query: 'leak', sort_by: 'relevance' }, 'sort_by'],
    ['more than 100 a page', { query: 'leak', per_page: 101 }, 'per_page'],
    ['a limit without all', { query: 'leak', limit: 10 }, 'limit'],
    ['a page past the 1,000th result', { query: 'leak', page: 11 }, 'first 1000 results'],
  ])('%s', async (_what, input, named) => {
    const outcome = await zd.run(searchTickets, input);
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(`${outcome.error?.field} ${outcome.error?.message}`).toContain(named);
    expect(zd.emulator.requests).toEqual([]);
  });
});
