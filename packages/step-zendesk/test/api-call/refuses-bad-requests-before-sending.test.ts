import { describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/steps/api-call.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

describe('zendesk.api_call refuses bad requests before anything is sent', () => {
  const zd = useZendeskEmulator();

  it.each([
    [
      'a method other than GET, POST, PUT, PATCH or DELETE',
      { method: 'HEAD', endpoint: '/api/v2/tickets.json' },
      'method',
    ],
    ['an absolute URL', { endpoint: 'https://evil.example/api/v2/tickets.json' }, 'not a URL'],
    ['a scheme-relative URL', { endpoint: '//evil.example/api/v2/tickets.json' }, 'not a URL'],
    ['a path outside /api/v2', { endpoint: '/oauth/tokens' }, 'under /api/v2/'],
    ['a path climbing out of /api/v2', { endpoint: '/api/v2/../oauth/tokens' }, '..'],
    ['a %-escaped climb', { endpoint: '/api/v2/%2e%2e/oauth/tokens' }, '..'],
    [
      'a body on a GET',
      { endpoint: '/api/v2/tickets.json', body: { a: 1 } },
      'GET request cannot carry a body',
    ],
    [
      'a file that is not base64',
      { method: 'POST', endpoint: '/api/v2/uploads.json?filename=a.png', body_base64: 'not base64!' },
      'body_base64',
    ],
    [
      'both a JSON body and a file',
      { method: 'POST', endpoint: '/api/v2/uploads.json?filename=a.png', body: {}, body_base64: 'AAAA' },
      'not both',
    ],
    [
      'a content type without a file',
      { method: 'POST', endpoint: '/api/v2/tickets.json', body: {}, content_type: 'image/png' },
      'content_type',
    ],
    [
      'an authorization header',
      { endpoint: '/api/v2/users/me.json', headers: { Authorization: 'Bearer x' } },
      'Authorization',
    ],
  ])('%s', async (_what, input, named) => {
    const outcome = await zd.run(apiCall, input);
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(`${outcome.error?.field} ${outcome.error?.message}`).toContain(named);
    expect(zd.emulator.requests).toEqual([]);
  });
});
