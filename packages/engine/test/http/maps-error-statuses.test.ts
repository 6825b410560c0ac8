import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from './support/http-fixture.js';

describe('unwanted answers become StepErrors with the upstream status and message', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => app.get('/things/:id', (c) => c.json({ id: c.req.param('id') })),
    });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const fixture = () => httpFixture({ baseUrl: emulator.baseUrl, binding: { maxAttempts: 1 } });

  it.each([
    [400, 'validation'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'upstream'],
    [409, 'validation'],
    [410, 'upstream'],
    [422, 'validation'],
    [429, 'rate_limited'],
    [500, 'unavailable'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'unavailable'],
  ])('maps %i to %s', async (status, code) => {
    emulator.faults.inject({ path: '/things/1', status, body: { message: `status ${status}` } });
    const error = await failure(fixture().client().get('/things/1'));
    expect(error).toMatchObject({ code, status });
    expect(error.message).toMatch(new RegExp(`^Demo answered ${status} to GET /things/1: status ${status}`));
    expect(error.details).toEqual({
      method: 'GET',
      path: '/things/1',
      body: { message: `status ${status}` },
    });
  });

  it('says what to do about a 401 and a 403', async () => {
    emulator.faults.inject({ path: '/things/1', status: 401, body: { message: 'Bad credentials' } });
    emulator.faults.inject({ path: '/things/1', status: 403, body: { message: 'Resource not accessible' } });
    const unauthorized = await failure(fixture().client().get('/things/1'));
    const forbidden = await failure(fixture().client().get('/things/1'));
    expect(unauthorized.message).toBe(
      "Demo answered 401 to GET /things/1: Bad credentials (credentials refused): check the account's credentials or reconnect it",
    );
    expect(forbidden.message).toBe(
      'Demo answered 403 to GET /things/1: Resource not accessible (forbidden): the account lacks permission for this',
    );
  });

  it.each([
    [
      'a GitHub validation body',
      { message: 'Validation Failed', errors: [{ field: 'title', code: 'missing_field' }] },
      'Validation Failed (title: missing_field)',
    ],
    [
      'a Zendesk error body',
      { error: 'RecordInvalid', description: 'Record validation errors' },
      'RecordInvalid: Record validation errors',
    ],
    [
      'an OAuth-style body',
      { error: 'invalid_request', error_description: 'Missing subject' },
      'invalid_request: Missing subject',
    ],
    ['a nested error object', { error: { message: 'Quota exceeded', code: 7 } }, 'Quota exceeded'],
    ['field error lists', { errors: { email: ['is invalid', 'is taken'] } }, 'email: is invalid, is taken'],
    ['a text body', '  Service   temporarily\n unavailable ', 'Service temporarily unavailable'],
  ])('keeps the upstream message of %s', async (_what, body, said) => {
    emulator.faults.inject({ path: '/things/1', status: 422, body });
    const error = await failure(fixture().client().get('/things/1'));
    expect(error.message).toBe(`Demo answered 422 to GET /things/1: ${said}`);
  });

  it('truncates a long upstream message', async () => {
    emulator.faults.inject({ path: '/things/1', status: 400, body: { message: 'z'.repeat(1000) } });
    const error = await failure(fixture().client().get('/things/1'));
    expect(error.message).toBe(`Demo answered 400 to GET /things/1: ${'z'.repeat(300)}…`);
  });

  it('maps a 403 that says the rate limit is exhausted to rate_limited', async () => {
    emulator.faults.inject({ path: '/things/1', status: 403, headers: { 'x-ratelimit-remaining': '0' } });
    const error = await failure(fixture().client().get('/things/1'));
    expect(error.code).toBe('rate_limited');
  });

  it('resolves statuses the step accepts instead of throwing', async () => {
    emulator.faults.inject({ path: '/things/9', status: 404, body: { message: 'Not Found' } });
    const response = await fixture()
      .client()
      .request({ path: '/things/9', acceptStatus: [404] });
    expect(response).toEqual({
      status: 404,
      headers: expect.objectContaining({ 'content-type': 'application/json' }),
      body: { message: 'Not Found' },
    });
  });
});
