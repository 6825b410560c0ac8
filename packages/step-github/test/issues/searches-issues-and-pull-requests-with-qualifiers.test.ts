import { describe, expect, it } from '@jest/globals';
import { searchIssues } from '../../src/steps/search-issues.js';
import { MONA_TOKEN, PRIVATE_REPO, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';

type Json = any;
const IN_DEMO = 'repo:octo-org/hello-world';

describe('github.search_issues finds issues and pull requests with GitHub’s qualifiers', () => {
  const gh = useGithubEmulator();

  async function search(q: string, extra: Record<string, unknown> = {}, account = gh.emulator.account) {
    const outcome = await gh.run<Json>(searchIssues, { q, ...extra }, { account });
    if (!outcome.ok) throw new Error(`search "${q}" failed: ${outcome.error?.message}`);
    return outcome;
  }
  /** The matching numbers, sorted, for qualifier checks that do not care about order. */
  const numbers = async (q: string) =>
    (await search(q)).result.items
      .map((item: { number: number }) => item.number)
      .sort((a: number, b: number) => a - b);

  it('answers GitHub’s search shape: total_count, incomplete_results and scored items', async () => {
    const outcome = await search(`${IN_DEMO} crashes`);
    expect(outcome.result).toMatchObject({
      total_count: 1,
      incomplete_results: false,
      items: [{ number: 1, title: 'Login page crashes on Safari', state: 'open', score: expect.any(Number) }],
    });
    expect(outcome.result.next_page).toBeUndefined();
    const sent = new URL(outcome.exchanges[0].path, 'http://emulator');
    expect(sent.pathname).toBe('/search/issues');
    expect(sent.searchParams.get('q')).toBe(`${IN_DEMO} crashes`);
  });

  it('tells issues from pull requests with is:issue, is:pr and type:', async () => {
    expect(await numbers(`${IN_DEMO} is:issue`)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await numbers(`${IN_DEMO} is:pr`)).toEqual([7]);
    expect(await numbers(`${IN_DEMO} type:pr`)).toEqual([7]);
    expect(await numbers(`${IN_DEMO} type:issue is:closed`)).toEqual([4]);
    const pull = (await search(`${IN_DEMO} is:pr`)).result.items[0];
    expect(pull.pull_request).toMatchObject({ merged_at: null });
    expect(pull.pull_request.html_url).toMatch(/\/octo-org\/hello-world\/pull\/7$/);
  });

  it('filters by state with is:open, is:closed and state:', async () => {
    expect(await numbers(`${IN_DEMO} is:issue is:open`)).toEqual([1, 2, 3, 5, 6]);
    expect(await numbers(`${IN_DEMO} is:closed`)).toEqual([4]);
    expect(await numbers(`${IN_DEMO} state:closed`)).toEqual([4]);
    expect(await numbers(`${IN_DEMO} state:open is:pr`)).toEqual([7]);
  });

  it('filters by labels: repeated labels all apply, a comma means any, quotes keep spaces, - excludes', async () => {
    expect(await numbers(`${IN_DEMO} label:bug`)).toEqual([1, 2, 3, 4]);
    expect(await numbers(`${IN_DEMO} label:bug is:open`)).toEqual([1, 2, 3]);
    expect(await numbers(`${IN_DEMO} label:"good first issue"`)).toEqual([6]);
    expect(await numbers(`${IN_DEMO} label:"good first issue" label:documentation`)).toEqual([6]);
    expect(await numbers(`${IN_DEMO} label:bug label:documentation`)).toEqual([]);
    expect(await numbers(`${IN_DEMO} label:enhancement,documentation`)).toEqual([5, 6]);
    expect(await numbers(`${IN_DEMO} is:issue -label:bug`)).toEqual([5, 6]);
    expect(await numbers(`${IN_DEMO} label:BUG is:closed`)).toEqual([4]);
  });

  it('filters by author: and assignee:', async () => {
    expect(await numbers(`${IN_DEMO} author:mona`)).toEqual([1, 4]);
    expect(await numbers(`${IN_DEMO} author:octocat is:issue`)).toEqual([2, 5, 6]);
    expect(await numbers(`${IN_DEMO} assignee:hubot`)).toEqual([1]);
    expect(await numbers(`${IN_DEMO} assignee:mona`)).toEqual([]);
  });

  it('matches free text case-insensitively in titles, bodies and comments, and phrases whole', async () => {
    expect(await numbers(`${IN_DEMO} SAFARI`)).toEqual([1]);
    expect(await numbers(`${IN_DEMO} "dark grey background"`)).toEqual([2]);
    expect(await numbers(`${IN_DEMO} "grey dark"`)).toEqual([]);
    expect(await numbers(`${IN_DEMO} lookbehind`)).toEqual([1]);
    expect(await numbers(`${IN_DEMO} grey in:title`)).toEqual([]);
    expect(await numbers(`${IN_DEMO} session expires`)).toEqual([3]);
  });

  it('sorts by created, updated or comments in either order', async () => {
    const order = async (extra: Record<string, unknown>) =>
      (await search(`${IN_DEMO} is:issue`, extra)).result.items.map(
        (item: { number: number }) => item.number,
      );
    expect(await order({ sort: 'created', order: 'asc' })).toEqual([4, 1, 2, 3, 5, 6]);
    expect(await order({ sort: 'created' })).toEqual([6, 5, 3, 2, 1, 4]);
    expect((await order({ sort: 'comments', order: 'desc' })).slice(0, 2)).toEqual([1, 3]);
    const sorted = await search(`${IN_DEMO} is:issue`, { sort: 'updated', order: 'asc' });
    const updated = sorted.result.items.map((item: { updated_at: string }) => item.updated_at);
    expect(updated).toEqual([...updated].sort());
    expect(sorted.exchanges[0].path).toContain('sort=updated&order=asc');
  });

  it('follows Link pages with all, stops at limit, and reports next_page otherwise', async () => {
    const everything = await search(`${IN_DEMO} is:issue`, { per_page: 2, all: true });
    expect(everything.result.items).toHaveLength(6);
    expect(everything.result.total_count).toBe(6);
    expect(everything.result.next_page).toBeUndefined();
    expect(
      everything.exchanges.map((exchange) => new URL(exchange.path, 'http://x').searchParams.get('page')),
    ).toEqual([null, '2', '3']);

    const limited = await search(`${IN_DEMO} is:issue`, { per_page: 2, all: true, limit: 3 });
    expect(limited.result.items).toHaveLength(3);
    expect(limited.exchanges).toHaveLength(2);

    const first = await search(`${IN_DEMO} is:issue`, { per_page: 4 });
    expect(first.result).toMatchObject({ total_count: 6, next_page: 2 });
    expect(first.result.items).toHaveLength(4);
    const second = await search(`${IN_DEMO} is:issue`, { per_page: 4, page: 2 });
    expect(second.result.items).toHaveLength(2);
    expect(second.result.next_page).toBeUndefined();
  });

  it('searches only repositories the account can see', async () => {
    const key = repoKey(PRIVATE_REPO.owner, PRIVATE_REPO.repo);
    gh.emulator.state.issues.create(key, { title: 'Acquire more yarn', user: 'octocat' });
    expect((await search('yarn')).result.items.map((item: Json) => item.title)).toEqual([
      'Acquire more yarn',
    ]);
    const asMona = gh.emulator.accountFor('mona', MONA_TOKEN);
    expect((await search('yarn', {}, asMona)).result).toMatchObject({ total_count: 0, items: [] });
    const named = await gh.run(
      searchIssues,
      { q: `repo:${PRIVATE_REPO.owner}/${PRIVATE_REPO.repo} yarn` },
      { account: asMona },
    );
    expect(named.error).toMatchObject({ code: 'validation', status: 422 });
    expect(named.error?.message).toContain('cannot be searched either because the resources do not exist');
  });

  it('refuses a missing or blank query before sending, and GitHub refuses a request without q', async () => {
    for (const input of [{}, { q: '' }, { q: '   ' }]) {
      const outcome = await gh.run(searchIssues, input);
      expect(outcome.error).toMatchObject({
        code: 'validation',
        field: expect.stringMatching(/^\/steps\/0\/args/),
      });
      expect(outcome.exchanges).toEqual([]);
    }
    expect(gh.emulator.requests).toEqual([]);
    const raw = await githubHttp(gh.emulator, 'GET', '/search/issues');
    expect(raw.status).toBe(422);
    expect(raw.body).toMatchObject({
      message: 'Validation Failed',
      errors: [{ resource: 'Search', field: 'q', code: 'missing' }],
    });
  });

  it('refuses a qualifier value GitHub does not know', async () => {
    const outcome = await gh.run(searchIssues, { q: `${IN_DEMO} is:sleeping` });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('is:sleeping');
  });
});
