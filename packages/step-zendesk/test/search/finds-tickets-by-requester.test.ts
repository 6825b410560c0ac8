import { describe, expect, it } from '@jest/globals';
import { searchTickets } from '../../src/index.js';
import { DEMO_TICKETS, DEMO_USERS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { answerProblems } from './search-answers.js';

type Json = any;

describe('search finds tickets by requester, by email or id', () => {
  const zd = useZendeskEmulator();
  const ids = async (query: string) => {
    const outcome = await zd.run<Json>(searchTickets, { query });
    expect(answerProblems(outcome.exchanges)).toEqual([]);
    return outcome.result.tickets.map((ticket: Json) => ticket.id);
  };

  it("finds Jordan's ticket by email and Sofia's by id, and none for a stranger", async () => {
    expect(await ids('requester:jordan@brightside.example')).toEqual([DEMO_TICKETS.leakingMachine]);
    expect(await ids(`requester:${DEMO_USERS.sofia}`)).toEqual([DEMO_TICKETS.missingBurrs]);
    expect(await ids('requester:nobody@nowhere.example')).toEqual([]);
  });
});
