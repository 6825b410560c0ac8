import { describe, expect, it } from '@jest/globals';
import { listTickets } from '../../src/steps/list-tickets.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

describe('zendesk.list_tickets refuses bad filters before anything is sent', () => {
  const zd = useZendeskEmulator();

  it.each([
    ['an unknown status', { status: 'waiting' }, 'status'],
    ['an assignee that is neither id, email nor none', { assignee: 'marco' }, 'assignee'],
    ['a date that is not YYYY-MM-DD', { created_after: '01/11/2029' }, 'created_after'],
    ['an empty date range', { created_after: '2029-11-05', created_before: '2029-11-01' }, 'created_before'],
    ['more than 100 a page', { page_size: 101 }, 'page_size'],
    ['a limit without all', { limit: 10 }, 'limit'],
  ])('%s', async (_what, input, named) => {
    const outcome = await zd.run(listTickets, input);
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(`${outcome.error?.field} ${outcome.error?.message}`).toContain(named);
    expect(zd.emulator.requests).toEqual([]);
  });
});
