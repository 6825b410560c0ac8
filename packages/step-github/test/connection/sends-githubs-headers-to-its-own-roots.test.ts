import { describe, expect, it } from '@jest/globals';
import { createIssue, getRepository, updateProjectItemStatus } from '../../src/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const REPO = { owner: 'octo-org', repo: 'hello-world' };

describe('every request carries the headers GitHub asks for, and goes only to the account’s roots', () => {
  const gh = useGithubEmulator();

  it('sends accept, the API version and a user agent on reads, writes and GraphQL alike', async () => {
    expect((await gh.run(getRepository, REPO)).ok).toBe(true);
    expect((await gh.run(createIssue, { ...REPO, title: 'Headers' })).ok).toBe(true);
    const status = await gh.run(updateProjectItemStatus, {
      owner: 'octo-org',
      project_number: 1,
      repository: 'hello-world',
      issue_number: 1,
      status: 'Done',
    });
    expect(status.ok).toBe(true);
    const requests = gh.emulator.requests;
    expect(requests.map((request) => request.path)).toEqual(
      expect.arrayContaining([
        '/repos/octo-org/hello-world',
        '/repos/octo-org/hello-world/issues',
        '/graphql',
      ]),
    );
    for (const request of requests) {
      expect(request.headers).toMatchObject({
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'toolsteps',
      });
    }
  });

  it('addresses an Enterprise Server: REST under /api/v3, GraphQL at /api/graphql', async () => {
    const account = gh.emulator.enterpriseAccount;
    expect((await gh.run(getRepository, REPO, { account })).ok).toBe(true);
    const status = await gh.run(
      updateProjectItemStatus,
      { owner: 'octo-org', project_number: 1, repository: 'hello-world', issue_number: 2, status: 'Todo' },
      { account },
    );
    expect(status.ok).toBe(true);
    const paths = gh.emulator.requests.map((request) => request.path);
    expect(paths[0]).toBe('/api/v3/repos/octo-org/hello-world');
    expect(paths.slice(1).every((path) => path === '/api/graphql')).toBe(true);
  });

  it('refuses a plain-http baseUrl off loopback, sending nothing', async () => {
    const account = {
      ...gh.emulator.account,
      settings: { ...gh.emulator.account.settings, baseUrl: 'http://github.example.com/api/v3' },
    };
    const outcome = await gh.run(getRepository, REPO, { account });
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(outcome.error?.message).toMatch(/uses plain http: use https/);
    expect(gh.emulator.requests).toEqual([]);
  });

  it('answers an unknown route with GitHub’s 404 body', async () => {
    const response = await fetch(`${gh.emulator.baseUrl}/no/such/route`, {
      headers: { authorization: `Bearer ${String(gh.emulator.account.credentials.token)}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest',
      status: '404',
    });
  });
});
