import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { Type } from '@toolsteps/sdk';
import { failure, httpFixture, TOKEN } from './support/http-fixture.js';

/** What a step reads of an issue: its number and its author's login. */
const IssueAuthor = Type.Object({
  number: Type.Integer(),
  user: Type.Union([Type.Object({ login: Type.String() }), Type.Null()]),
});

describe('a 2xx answer is checked against what the step reads (`expect`)', () => {
  let emulator: Emulator;
  let answer: unknown;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.get('/repos/o/r/issues/1', (c) => c.json(answer));
        app.get('/gone', (c) => c.json({ message: 'Not Found' }, 404));
      },
    });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const fixture = () => httpFixture({ baseUrl: emulator.baseUrl });
  const readIssue = (path = '/repos/o/r/issues/1') =>
    fixture().client().request({ method: 'GET', path, expect: IssueAuthor });

  it('fails upstream naming the endpoint and the missing field, and does not retry', async () => {
    answer = { number: 1, title: 'No author' };
    const error = await failure(readIssue('/repos/o/r/issues/1?state=all'));
    expect(error).toMatchObject({ code: 'upstream', retryable: false });
    expect(error.message).toBe(
      'Demo answered GET /repos/o/r/issues/1 without what the step reads: /user is missing',
    );
    expect(error.details).toMatchObject({
      method: 'GET',
      path: '/repos/o/r/issues/1',
      violations: [{ pointer: '/user' }],
    });
    expect(emulator.requests).toHaveLength(1);
  });

  it('names a nested field of the wrong type by its pointer', async () => {
    answer = { number: 1, user: { login: 42 } };
    const error = await failure(readIssue());
    expect(error.code).toBe('upstream');
    expect(error.message).toMatch(
      /^Demo answered GET \/repos\/o\/r\/issues\/1 without what the step reads: \/user\/login must be /,
    );
  });

  it('names a nested field that is missing, and a null the schema allows passes', async () => {
    answer = { number: 1, user: {} };
    expect((await failure(readIssue())).message).toMatch(/: \/user\/login is missing$/);
    answer = { number: 1, user: null };
    await expect(readIssue()).resolves.toMatchObject({ status: 200, body: { number: 1, user: null } });
  });

  it('gives an answer that has what the step reads as it came, other fields included', async () => {
    answer = { number: 1, user: { login: 'octocat', id: 1 }, labels: [] };
    const response = await readIssue();
    expect(response.body).toEqual(answer);
  });

  it('leaves accepted error statuses to the step', async () => {
    const response = await fixture()
      .client()
      .request({ method: 'GET', path: '/gone', acceptStatus: [404], expect: IssueAuthor });
    expect(response).toMatchObject({ status: 404, body: { message: 'Not Found' } });
  });

  it('never echoes a secret the answer carries where a field was expected', async () => {
    answer = { number: 1, user: TOKEN };
    const error = await failure(readIssue());
    expect(error.message).toContain('GET /repos/o/r/issues/1');
    expect(error.message).toContain('/user');
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(TOKEN);
  });

  it('names the first faults of a long list and counts the rest', async () => {
    answer = Array.from({ length: 30 }, (_, index) => ({ number: index + 1 }));
    const error = await failure(
      fixture()
        .client()
        .request({ method: 'GET', path: '/repos/o/r/issues/1', expect: Type.Array(IssueAuthor) }),
    );
    expect(error.message).toBe(
      'Demo answered GET /repos/o/r/issues/1 without what the step reads: /0/user is missing; /1/user is missing; /2/user is missing (and 27 more)',
    );
    expect(error.details?.violations).toHaveLength(20);
  });
});
