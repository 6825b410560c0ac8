import { describe, expect, it } from '@jest/globals';
import { searchTickets } from '../../src/steps/search-tickets.js';
import { DEMO_TOKENS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { searchParams } from './search-exchanges.js';

type Json = any;

describe('zendesk.search_tickets past the 1,000 results Zendesk serves', () => {
  const zd = useZendeskEmulator();

  it('reports capped: true with the whole count, on one page', async () => {
    zd.emulator.seedTickets(1_200, { tags: ['bulk'] });
    const outcome = await zd.run<Json>(searchTickets, { query: 'tags:bulk' });
    expect(outcome.result).toMatchObject({ count: 1_200, read: 100, capped: true, next_page: 2 });
  });

  it('reads the first 1,000 with all and its default limit, never asking for page 11', async () => {
    zd.emulator.seedTickets(1_200, { tags: ['bulk'] });
    const outcome = await zd.run<Json>(searchTickets, { query: 'tags:bulk', all: true });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({ count: 1_200, read: 1_000, capped: true, exported: false });
    expect(outcome.result).not.toHaveProperty('next_page');
    expect(searchParams(outcome.exchanges).map((sent) => sent.get('page'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
  });

  it('matches Zendesk, whose search answers 422 for page 11 at 100 a page', async () => {
    zd.emulator.seedTickets(1_200, { tags: ['bulk'] });
    const answer = await fetch(
      `${zd.emulator.baseUrl}/api/v2/search.json?query=tags:bulk&page=11&per_page=100`,
      { headers: { authorization: `Bearer ${DEMO_TOKENS.agentAccess}` } },
    );
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({
      error: 'invalid',
      description: expect.stringContaining('Search Response Limits'),
    });
  });
});
