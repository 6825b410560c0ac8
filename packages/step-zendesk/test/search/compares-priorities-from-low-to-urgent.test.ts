import { describe, expect, it } from '@jest/globals';
import { searchTickets } from '../../src/index.js';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { answerProblems } from './search-answers.js';

type Json = any;

/** Seeded: 1042 high, 1043 normal, 1044 low. Zendesk orders low < normal < high < urgent. */
describe('search compares priorities in Zendesk’s order, low < normal < high < urgent', () => {
  const zd = useZendeskEmulator();
  const ids = async (query: string) => {
    const outcome = await zd.run<Json>(searchTickets, { query, sort_by: 'created_at', sort_order: 'asc' });
    expect(answerProblems(outcome.exchanges)).toEqual([]);
    return outcome.result.tickets.map((ticket: Json) => ticket.id);
  };

  it('finds tickets above, below, or at least a priority', async () => {
    expect(await ids('priority>normal')).toEqual([DEMO_TICKETS.leakingMachine]);
    expect(await ids('priority<high')).toEqual([DEMO_TICKETS.missingBurrs, DEMO_TICKETS.invoiceCopy]);
    expect(await ids('priority>=normal')).toEqual([DEMO_TICKETS.leakingMachine, DEMO_TICKETS.missingBurrs]);
    expect(await ids('priority:urgent')).toEqual([]);
  });
});
