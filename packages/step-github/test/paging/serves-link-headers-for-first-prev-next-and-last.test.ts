import { describe, expect, it } from '@jest/globals';
import LinkHeader from 'http-link-header';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';

/** octo-org/hello-world's main branch has five commits: at two a page, three pages. */
const COMMITS = '/repos/octo-org/hello-world/commits';

describe('the emulator pages lists as GitHub does, naming the other pages in a Link header', () => {
  const gh = useGithubEmulator();

  /** Each rel of the answer's Link header, as path and query under the API root (`prefix` for GHES). */
  async function linksOf(path: string, prefix = '') {
    const base = `${gh.emulator.baseUrl}${prefix}`;
    const answer = await githubHttp(gh.emulator, 'GET', `${prefix}${path}`);
    expect(answer.status).toBe(200);
    const header = answer.headers.get('link');
    const links: Record<string, string> = {};
    for (const { rel, uri } of header === null ? [] : LinkHeader.parse(header).refs) {
      expect(uri.startsWith(`${base}/`)).toBe(true);
      links[rel] = uri.slice(base.length);
    }
    return { links, count: (answer.body as unknown[]).length };
  }

  it('on the first page: next and last only', async () => {
    expect(await linksOf(`${COMMITS}?per_page=2`)).toEqual({
      count: 2,
      links: { next: `${COMMITS}?per_page=2&page=2`, last: `${COMMITS}?per_page=2&page=3` },
    });
  });

  it('on a middle page: first, prev, next and last, keeping the other query parameters', async () => {
    expect(await linksOf(`${COMMITS}?sha=main&per_page=2&page=2`)).toEqual({
      count: 2,
      links: {
        first: `${COMMITS}?sha=main&per_page=2&page=1`,
        prev: `${COMMITS}?sha=main&per_page=2&page=1`,
        next: `${COMMITS}?sha=main&per_page=2&page=3`,
        last: `${COMMITS}?sha=main&per_page=2&page=3`,
      },
    });
  });

  it('on the last page: first and prev only', async () => {
    expect(await linksOf(`${COMMITS}?per_page=2&page=3`)).toEqual({
      count: 1,
      links: { first: `${COMMITS}?per_page=2&page=1`, prev: `${COMMITS}?per_page=2&page=2` },
    });
  });

  it('without per_page: 30 a page, and no Link header when everything fits on one', async () => {
    expect(await linksOf(COMMITS)).toEqual({ count: 5, links: {} });
  });

  it('under a GitHub Enterprise Server prefix, links keep the /api/v3 root', async () => {
    const { links } = await linksOf(`${COMMITS}?per_page=4`, '/api/v3');
    expect(links).toEqual({ next: `${COMMITS}?per_page=4&page=2`, last: `${COMMITS}?per_page=4&page=2` });
  });

  it('refuses a per_page or page that is not a positive integer with 422, naming the parameter', async () => {
    for (const [query, field] of [
      ['per_page=0', 'per_page'],
      ['page=two', 'page'],
    ]) {
      const answer = await githubHttp(gh.emulator, 'GET', `${COMMITS}?${query}`);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        message: 'Validation Failed',
        errors: [
          { resource: 'Pagination', code: 'invalid', field, message: `${field} must be a positive integer` },
        ],
      });
    }
  });
});
