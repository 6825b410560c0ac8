import { describe, expect, it, jest } from '@jest/globals';
import { zendeskOpenApi } from '../support/openapi-checker.js';

jest.setTimeout(120_000);

/** A ticket as Zendesk answers it: the fields the description documents. */
const TICKET = {
  id: 35436,
  url: 'https://acme.zendesk.com/api/v2/tickets/35436.json',
  subject: 'Printer on fire',
  status: 'open',
  priority: 'high',
  requester_id: 20978392,
  tags: ['printer'],
  created_at: '2026-11-21T09:30:00Z',
  updated_at: '2026-11-21T09:30:00Z',
};

/** The checker the Zendesk emulator's fidelity tests rely on: it must catch what a step or the emulator gets wrong. */
describe("the OpenAPI checker refuses what Zendesk's description does not document", () => {
  const openApi = zendeskOpenApi();

  it('matches concrete paths to templates, the most literal first', () => {
    expect(openApi.match('GET', '/api/v2/tickets/count')).toMatchObject({
      template: '/api/v2/tickets/count',
    });
    expect(openApi.match('put', '/api/v2/tickets/35436?async=true')).toMatchObject({
      template: '/api/v2/tickets/{ticket_id}',
      params: { ticket_id: '35436' },
      operation: { operationId: 'UpdateTicket' },
    });
    // `json-suffix`: Zendesk serves `.json` paths too.
    expect(openApi.match('GET', '/api/v2/tickets/35436.json')).toMatchObject({
      params: { ticket_id: '35436' },
    });
  });

  it('reports an unknown operation, saying which methods the path has', () => {
    expect(openApi.checkRequest('POST', '/api/v2/tickets/35436', { ticket: {} })).toEqual({
      problems: [
        'POST /api/v2/tickets/35436 is not a documented operation (documented there: GET, PUT, DELETE)',
      ],
    });
    expect(openApi.checkRequest('GET', '/api/v2/tikets').problems).toEqual([
      'GET /api/v2/tikets is not a documented operation',
    ]);
    expect(openApi.checkAnswer('GET', '/api/v2/tikets', 200, {})).toEqual([
      'GET /api/v2/tikets is not a documented operation',
    ]);
  });

  it('refuses request bodies of the wrong types, with the field, what was expected and what came', () => {
    const { operationId, problems } = openApi.checkRequest('POST', '/api/v2/tickets', {
      ticket: { subject: 42, priority: 'blazing', comment: { body: 'It smokes' }, tags: 'printer' },
    });
    expect(operationId).toBe('CreateTicket');
    expect(problems).toEqual([
      'request body /ticket/priority must be one of "urgent", "high", "normal", "low", not "blazing"',
      'request body /ticket/subject must be string, not number 42',
      'request body /ticket/tags must be array, not string "printer"',
    ]);
  });

  it('names misspelt and read-only request fields, which Zendesk would silently ignore', () => {
    const misspelt = openApi.checkRequest('POST', '/api/v2/tickets', {
      ticket: { subjet: 'Printer on fire', id: 1, comment: { body: 'It smokes' } },
    });
    expect(misspelt.problems).toEqual([
      'request body /ticket/subjet is not a documented field',
      'request body /ticket/id is not a documented field',
    ]);
    const record = { custom_object_record: { name: 'Audi A4', created_at: '2026-11-21T09:30:00Z' } };
    expect(openApi.checkRequest('POST', '/api/v2/custom_objects/car/records', record).problems).toEqual([
      'request body /custom_object_record/created_at is read-only: Zendesk sets it, a request must not',
    ]);
  });

  it('says which bodies it could not check: the description documents none for most writes', () => {
    expect(
      openApi.checkRequest('PUT', '/api/v2/organizations/7', { organization: { notes: 'VIP' } }),
    ).toEqual({
      operationId: 'UpdateOrganization',
      problems: [],
      unchecked: ["UpdateOrganization's body"],
    });
  });

  it('checks path parameters, and bodies sent where none is taken', () => {
    expect(openApi.checkRequest('GET', '/api/v2/tickets/latest').problems).toEqual([
      'path parameter ticket_id must be an integer, not "latest"',
    ]);
    expect(openApi.checkRequest('GET', '/api/v2/tickets/1', { x: 1 }).problems).toEqual([
      'ShowTicket takes no JSON body',
    ]);
    expect(openApi.checkRequest('GET', '/api/v2/search').problems).toEqual([
      'required query parameter query is missing',
    ]);
  });

  it('refuses answers missing a required field, of a wrong type, or of an undocumented status', () => {
    const { requester_id: _missing, ...withoutRequester } = TICKET;
    expect(openApi.checkAnswer('GET', '/api/v2/tickets/35436', 200, { ticket: withoutRequester })).toEqual([
      'answer 200 /ticket/requester_id is required but missing',
    ]);
    expect(
      openApi.checkAnswer('GET', '/api/v2/tickets/35436', 200, {
        ticket: { ...TICKET, id: '35436', status: 'waiting', created_at: 'yesterday' },
      }),
    ).toEqual([
      'answer 200 /ticket/created_at must be a date-time, not "yesterday"',
      'answer 200 /ticket/id must be integer, not string "35436"',
      'answer 200 /ticket/status must be one of "new", "open", "pending", "hold", "solved", "closed", not "waiting"',
    ]);
    expect(openApi.checkAnswer('GET', '/api/v2/tickets/35436', 418, {})).toEqual([
      'status 418 is not documented for ShowTicket (documented: 200)',
    ]);
  });

  it('allows what Zendesk answers and its description leaves out, by name (openapi-allowances.ts)', () => {
    const unset = { ...TICKET, assignee_id: null, group_id: null, type: null, satisfaction_rating: null };
    const fields = [
      { id: 1, value: true },
      { id: 2, value: ['option_a', 'option_b'] },
      { id: 3, value: 12.5 },
      { id: 4, value: null },
    ];
    expect(
      openApi.checkAnswer('GET', '/api/v2/tickets/35436.json', 200, {
        ticket: { ...unset, custom_fields: fields },
      }),
    ).toEqual([]);
    // Only the allowed fields: a null subject is still wrong.
    expect(
      openApi.checkAnswer('GET', '/api/v2/tickets/35436', 200, { ticket: { ...TICKET, subject: null } }),
    ).toEqual(['answer 200 /ticket/subject must be string, not null']);
  });

  it('checks an exchange the engine recorded, request and answer together', () => {
    const checked = openApi.checkExchange({
      method: 'PUT',
      path: '/api/v2/tickets/35436',
      requestHeaders: {},
      requestBody: { ticket: { status: 'solved' } },
      status: 200,
      responseBody: { ticket: { ...TICKET, status: 'solved' }, audit: { id: 1, ticket_id: 35436 } },
      attempt: 1,
      durationMs: 0,
    });
    expect(checked).toEqual({ operationId: 'UpdateTicket', problems: [] });
  });
});
