import { describe, expect, it, jest } from '@jest/globals';
import type { HttpExchange, HttpMethod } from '@toolsteps/engine';
import { GithubOpenApi } from './github-openapi.js';

jest.setTimeout(60_000);

const exchange = (method: HttpMethod, path: string, requestBody?: unknown): HttpExchange => ({
  method,
  path,
  requestHeaders: {},
  ...(requestBody === undefined ? {} : { requestBody }),
  attempt: 1,
  durationMs: 0,
});

/** The checker the fidelity tests rely on: it must catch what a step could get wrong. */
describe("the OpenAPI checker reports requests GitHub's description does not document", () => {
  const openApi = new GithubOpenApi();

  it('matches paths to templates, the most literal first, with multi-segment parameters', () => {
    expect(openApi.match('GET', '/repos/octo-org/hello-world/issues')).toMatchObject({
      template: '/repos/{owner}/{repo}/issues',
      params: { owner: 'octo-org', repo: 'hello-world' },
    });
    expect(openApi.match('get', '/repos/o/r/contents/docs/guide%20one.md')).toMatchObject({
      template: '/repos/{owner}/{repo}/contents/{path}',
      params: { path: 'docs/guide one.md' },
    });
    expect(openApi.match('POST', '/repos/o/r/no-such-thing')).toBeUndefined();
  });

  it('names a misspelt body field that schema validation alone would let through', () => {
    const { operationId, problems } = openApi.checkRequest(
      exchange('POST', '/repos/o/r/issues', { title: 'Crash', lables: ['bug'] }),
    );
    expect(operationId).toBe('issues/create');
    expect(problems).toEqual(['request body property lables is not documented for issues/create']);
  });

  it('accepts a body of documented fields only', () => {
    const request = exchange('POST', '/repos/o/r/issues', {
      title: 'Crash',
      labels: ['bug'],
      body: 'On Safari',
    });
    expect(openApi.checkRequest(request).problems).toEqual([]);
  });

  it('reports an undocumented query parameter and a body sent to an operation without one', () => {
    expect(openApi.checkRequest(exchange('GET', '/repos/o/r/issues?colour=red')).problems).toEqual([
      'query parameter colour is not documented for issues/list-for-repo',
    ]);
    expect(openApi.checkRequest(exchange('GET', '/user', { x: 1 })).problems).toEqual([
      'users/get-authenticated takes no JSON body',
    ]);
  });
});
