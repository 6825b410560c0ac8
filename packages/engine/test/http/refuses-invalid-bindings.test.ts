import { describe, expect, it } from '@jest/globals';
import { httpFixture } from './support/http-fixture.js';

describe("an integration's HTTP binding is checked before its first request", () => {
  it.each([
    ['a relative base URL', { baseUrl: '/api' }, 'baseUrl "/api" is not an absolute http(s) URL'],
    [
      'another scheme',
      { baseUrl: 'ftp://files.example' },
      'baseUrl "ftp://files.example" is not an absolute http(s) URL',
    ],
    [
      'user info in the base URL',
      { baseUrl: 'http://user:pw@127.0.0.1:9' },
      'baseUrl must not carry a query, a fragment or user info',
    ],
    [
      'a zero timeout',
      { baseUrl: 'http://127.0.0.1:9', binding: { timeoutMs: 0 } },
      'timeoutMs must be a positive number, got 0',
    ],
    [
      'a fractional attempt count',
      { baseUrl: 'http://127.0.0.1:9', binding: { maxAttempts: 1.5 } },
      'maxAttempts must be a whole number, got 1.5',
    ],
  ])('refuses %s with a validation error naming the field', async (_what, options, said) => {
    const { client, exchanges } = httpFixture(options);
    await expect(client().get('/x')).rejects.toMatchObject({
      code: 'validation',
      message: `Demo's HTTP binding is invalid: ${said}`,
    });
    expect(exchanges).toEqual([]);
  });
});
