import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import LinkHeader from 'http-link-header';
import { apiCall } from '../../src/steps/api-call.js';
import { searchIssues } from '../../src/steps/search-issues.js';
import { repoKey } from '../../src/testing/index.js';
import { GithubOpenApi } from '../fidelity/github-openapi.js';
import { useGithubEmulator } from '../github-fixture.js';

jest.setTimeout(60_000);

type Json = any;
const Q = 'repo:octo-org/hello-world flaky';
const MATCHES = 1_234;

describe('github.search_issues stops at the 1,000 results GitHub serves, keeping them and saying so', () => {
  const gh = useGithubEmulator();

  beforeEach(() => {
    // Search allows 30 calls a minute; these tests page through more than that.
    gh.emulator.setQuota('octocat', { resource: 'search', limit: 1_000 });
    const key = repoKey('octo-org', 'hello-world');
    for (let n = 1; n <= MATCHES; n += 1) {
      gh.emulator.state.issues.create(key, { title: `Flaky test ${n}`, user: 'octocat' });
    }
  });

  const search = (input: Record<string, unknown>) => gh.run<Json>(searchIssues, { q: Q, ...input });
  const pagesSent = () => gh.emulator.requests.map((request) => request.query.page ?? '1');

  it('with all: the first 1,000 results, capped, and no request for a page GitHub refuses', async () => {
    const outcome = await search({ all: true });
    expect(outcome.ok).toBe(true);
    expect(outcome.result).toMatchObject({ total_count: MATCHES, incomplete_results: false, capped: true });
    expect(outcome.result.items).toHaveLength(1_000);
    expect(new Set(outcome.result.items.map((item: Json) => item.number)).size).toBe(1_000);
    expect(outcome.result.next_page).toBeUndefined();
    expect(pagesSent()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(gh.emulator.requests.every((request) => request.status === 200)).toBe(true);
  });

  it('a limit above 1,000 changes nothing: GitHub serves no more', async () => {
    const outcome = await search({ all: true, limit: 1_500 });
    expect(outcome.result.items).toHaveLength(1_000);
    expect(outcome.result.capped).toBe(true);
    expect(gh.emulator.requests).toHaveLength(10);
  });

  it('the page holding the 1,000th result is served only up to it', async () => {
    const outcome = await search({ per_page: 30, page: 34 });
    expect(outcome.result.items).toHaveLength(10);
    expect(outcome.result).toMatchObject({ total_count: MATCHES, capped: true });
    expect(outcome.result.next_page).toBeUndefined();
  });

  it('within the cap, a page names the next and is not capped', async () => {
    const first = await search({ per_page: 100 });
    expect(first.result).toMatchObject({ next_page: 2, capped: false });
    const limited = await search({ all: true, limit: 250 });
    expect(limited.result.items).toHaveLength(250);
    expect(limited.result).toMatchObject({ next_page: 3, capped: false });
  });

  it('refuses a page past the cap before sending anything', async () => {
    const outcome = await search({ per_page: 100, page: 11 });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/page' });
    expect(outcome.error?.message).toMatch(/only the first 1000 results/);
    expect(gh.emulator.requests).toEqual([]);
  });

  it("the emulator answers GitHub's documented 422 past the cap, while its Link still points there", async () => {
    const call = (page: number) =>
      gh.run<Json>(apiCall, {
        endpoint: `/search/issues?q=${encodeURIComponent(Q)}&per_page=100&page=${page}`,
        headers: { accept: 'application/vnd.github+json' },
      });
    const tenth = await call(10);
    expect(tenth.result.body.items).toHaveLength(100);
    const next = LinkHeader.parse(tenth.result.headers.link).rel('next')[0]?.uri;
    expect(new URL(next as string).searchParams.get('page')).toBe('11');

    const past = await call(11);
    expect(past.error).toMatchObject({ code: 'validation', status: 422 });
    const exchange = past.exchanges[0];
    expect(exchange.responseBody).toMatchObject({
      message: 'Only the first 1000 search results are available',
    });
    expect(new GithubOpenApi().checkResponse(exchange)).toEqual([]);
  });
});
