import { describe, expect, it } from '@jest/globals';
import { searchTickets } from '../../src/index.js';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { answerProblems } from './search-answers.js';

type Json = any;

describe('search reads assignee:me as the user the account signs in as', () => {
  const zd = useZendeskEmulator();

  it("finds Marco's tickets for Marco, and none for Priya, who has none", async () => {
    const marco = await zd.run<Json>(searchTickets, { query: 'assignee:me' });
    expect(answerProblems(marco.exchanges)).toEqual([]);
    expect(marco.result.tickets.map((ticket: Json) => ticket.id)).toEqual([DEMO_TICKETS.leakingMachine]);

    const priya = await zd.run<Json>(
      searchTickets,
      { query: 'assignee:me' },
      { account: zd.emulator.adminAccount },
    );
    expect(priya.result.tickets).toEqual([]);
  });
});
