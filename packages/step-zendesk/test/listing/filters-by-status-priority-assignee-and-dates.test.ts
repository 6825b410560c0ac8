import { describe, expect, it } from '@jest/globals';
import { listTickets } from '../../src/steps/list-tickets.js';
import { DEMO_TICKETS, DEMO_USERS } from '../../src/testing/index.js';
import { searchParams } from '../search/search-exchanges.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;
const { leakingMachine, missingBurrs, invoiceCopy } = DEMO_TICKETS;

describe('zendesk.list_tickets filters through the export search, with the query Zendesk documents', () => {
  const zd = useZendeskEmulator();

  it.each([
    ['no filter', {}, 'created>1970-01-01', [invoiceCopy, missingBurrs, leakingMachine]],
    ['status', { status: 'new' }, 'status:new', [missingBurrs]],
    ['priority', { priority: 'high' }, 'priority:high', [leakingMachine]],
    ['assignee by id', { assignee: DEMO_USERS.aiko }, `assignee:${DEMO_USERS.aiko}`, [invoiceCopy]],
    [
      'assignee by email',
      { assignee: 'marco@lumencoffee.example' },
      'assignee:marco@lumencoffee.example',
      [leakingMachine],
    ],
    ['no assignee', { assignee: 'none' }, 'assignee:none', [missingBurrs]],
    [
      'creation dates',
      { created_after: '2029-11-01', created_before: '2029-11-05' },
      'created>2029-11-01 created<2029-11-05',
      [missingBurrs],
    ],
    ['update dates', { updated_after: '2029-11-03' }, 'updated>2029-11-03', [invoiceCopy]],
    [
      'several at once',
      { status: 'open', priority: 'high', assignee: DEMO_USERS.marco },
      `status:open priority:high assignee:${DEMO_USERS.marco}`,
      [leakingMachine],
    ],
  ])('%s', async (_how, filters, query, expected) => {
    const outcome = await zd.run<Json>(listTickets, filters);
    expect(outcome.error).toBeUndefined();
    expect(outcome.result.query).toBe(query);
    const [sent] = searchParams(outcome.exchanges, '/api/v2/search/export.json');
    expect(sent.get('query')).toBe(query);
    expect(sent.get('filter[type]')).toBe('ticket');
    expect(outcome.result.tickets.map((ticket: Json) => ticket.id)).toEqual(expected);
    expect(outcome.result).toMatchObject({ read: expected.length, has_more: false, after_cursor: null });
  });
});
