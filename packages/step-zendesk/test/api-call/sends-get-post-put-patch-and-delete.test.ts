import { describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/steps/api-call.js';
import { DEMO_FIELDS, DEMO_TICKETS, DEMO_TRIGGER_CATEGORY } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;

describe('zendesk.api_call sends each method to the Support API and maps the answer', () => {
  const zd = useZendeskEmulator();

  it('GET reads a ticket, the answer as status, headers and JSON body', async () => {
    const outcome = await zd.run<Json>(apiCall, {
      endpoint: `/api/v2/tickets/${DEMO_TICKETS.leakingMachine}.json`,
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({
      status: 200,
      body: { ticket: { id: DEMO_TICKETS.leakingMachine, status: 'open' } },
      content_type: expect.stringContaining('application/json'),
    });
    expect(outcome.result).not.toHaveProperty('body_base64');
  });

  it('POST creates a ticket from a JSON body', async () => {
    const outcome = await zd.run<Json>(apiCall, {
      method: 'POST',
      endpoint: '/api/v2/tickets.json',
      body: { ticket: { subject: 'Descaling question', comment: { body: 'How often should I descale?' } } },
    });
    expect(outcome.result).toMatchObject({
      status: 201,
      body: { ticket: { subject: 'Descaling question' } },
    });
    expect(zd.emulator.requests[0]).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('PUT sets a custom ticket field by its id', async () => {
    const outcome = await zd.run<Json>(apiCall, {
      method: 'PUT',
      endpoint: `api/v2/tickets/${DEMO_TICKETS.missingBurrs}.json`,
      body: { ticket: { custom_fields: [{ id: DEMO_FIELDS.orderNumber, value: 'LC-31007' }] } },
    });
    expect(outcome.result.status).toBe(200);
    expect(zd.emulator.state.tickets.get(DEMO_TICKETS.missingBurrs)?.custom_fields).toContainEqual({
      id: DEMO_FIELDS.orderNumber,
      value: 'LC-31007',
    });
  });

  it('PATCH updates a trigger category', async () => {
    const outcome = await zd.run<Json>(apiCall, {
      method: 'PATCH',
      endpoint: `/api/v2/trigger_categories/${DEMO_TRIGGER_CATEGORY}.json`,
      body: { trigger_category: { name: 'Customer notifications', position: 3 } },
    });
    expect(outcome.result).toMatchObject({
      status: 200,
      body: { trigger_category: { id: DEMO_TRIGGER_CATEGORY, name: 'Customer notifications', position: 3 } },
    });
  });

  it('DELETE removes a ticket and answers 204 with no body', async () => {
    const outcome = await zd.run<Json>(apiCall, {
      method: 'DELETE',
      endpoint: `/api/v2/tickets/${DEMO_TICKETS.invoiceCopy}.json`,
    });
    expect(outcome.result).toMatchObject({ status: 204, body: null });
    expect(zd.emulator.state.tickets.has(DEMO_TICKETS.invoiceCopy)).toBe(false);
  });
});
