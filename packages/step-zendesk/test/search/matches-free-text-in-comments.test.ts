import { describe, expect, it } from '@jest/globals';
import { searchTickets } from '../../src/index.js';
import { DEMO_TICKETS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { answerProblems } from './search-answers.js';

type Json = any;

describe('search matches free text in comments, not only the subject and description', () => {
  const zd = useZendeskEmulator();

  it('finds a ticket by a word only its later comments hold', async () => {
    const ticket = zd.emulator.state.tickets.get(DEMO_TICKETS.leakingMachine);
    expect(`${ticket?.subject} ${ticket?.description}`.toLowerCase()).not.toContain('gasket');

    const outcome = await zd.run<Json>(searchTickets, { query: 'gasket' });

    expect(answerProblems(outcome.exchanges)).toEqual([]);
    expect(outcome.result.tickets.map((found: Json) => found.id)).toEqual([DEMO_TICKETS.leakingMachine]);
  });
});
