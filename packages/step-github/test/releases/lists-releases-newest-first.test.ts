import { describe, expect, it } from '@jest/globals';
import { listReleases } from '../../src/steps/list-releases.js';
import { DEMO_TOKEN, HUBOT_TOKEN, MONA_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const REPO = { owner: 'octo-org', repo: 'hello-world' };

interface Listed {
  releases: Array<{
    tag_name: string;
    draft: boolean;
    prerelease: boolean;
    published_at: string | null;
    author: { login: string };
  }>;
  next_page?: number;
}

describe('github.list_releases lists releases newest first, drafts only for pushers', () => {
  const gh = useGithubEmulator();
  const list = (input: Record<string, unknown> = {}, options = {}) =>
    gh.run<Listed>(listReleases, { ...REPO, ...input }, options);
  const tags = (outcome: { result?: Listed }) => outcome.result?.releases.map((release) => release.tag_name);

  it('shows a user with push access every release, the draft included', async () => {
    for (const account of [gh.emulator.account, gh.emulator.accountFor('hubot', HUBOT_TOKEN)]) {
      const outcome = await list({}, { account });
      expect(outcome.ok).toBe(true);
      expect(tags(outcome)).toEqual(['v1.2.0', 'v1.1.0-rc', 'v1.0.0']);
    }
    const outcome = await list();
    expect(outcome.result?.releases[0]).toMatchObject({ draft: true, published_at: null });
    expect(outcome.result?.releases[1]).toMatchObject({ prerelease: true, author: { login: 'hubot' } });
    expect(gh.emulator.requests[0]).toMatchObject({
      method: 'GET',
      path: '/repos/octo-org/hello-world/releases',
    });
  });

  it('hides drafts from a user without push access', async () => {
    const outcome = await list({}, { account: gh.emulator.accountFor('mona', MONA_TOKEN) });
    expect(tags(outcome)).toEqual(['v1.1.0-rc', 'v1.0.0']);
  });

  it('reads one page and names the next, or follows all pages up to a limit', async () => {
    const first = await list({ per_page: 1 });
    expect(tags(first)).toEqual(['v1.2.0']);
    expect(first.result?.next_page).toBe(2);

    const second = await list({ per_page: 1, page: 2 });
    expect(tags(second)).toEqual(['v1.1.0-rc']);
    expect(second.result?.next_page).toBe(3);

    gh.emulator.reset();
    const all = await list({ per_page: 1, all: true });
    expect(tags(all)).toEqual(['v1.2.0', 'v1.1.0-rc', 'v1.0.0']);
    expect(all.result?.next_page).toBeUndefined();
    expect(gh.emulator.requests).toHaveLength(3);

    gh.emulator.reset();
    const limited = await list({ per_page: 1, all: true, limit: 2 });
    expect(tags(limited)).toEqual(['v1.2.0', 'v1.1.0-rc']);
    expect(gh.emulator.requests).toHaveLength(2);
  });

  it('lists nothing for a repository without releases', async () => {
    const outcome = await list({ owner: 'octocat', repo: 'spoon-knife' });
    expect(outcome.ok).toBe(true);
    expect(outcome.result).toEqual({ releases: [] });
  });

  it('fails not_found for a private repository the caller cannot see', async () => {
    const outcome = await list(
      { owner: 'octocat', repo: 'secret-plans' },
      { account: gh.emulator.accountFor('mona', MONA_TOKEN) },
    );
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses an owner or repo that would change the request, before sending', async () => {
    for (const input of [{ owner: 'octo-org/x' }, { repo: '..' }, { repo: 'hello-world?per_page=100' }]) {
      const outcome = await list(input);
      expect(outcome.error?.code).toBe('validation');
    }
    expect(gh.emulator.requests).toHaveLength(0);
  });
});

describe('the emulated releases API', () => {
  const gh = useGithubEmulator();
  const get = async (path: string, token = DEMO_TOKEN) => {
    const response = await fetch(`${gh.emulator.baseUrl}/repos/octo-org/hello-world${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json' },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers the latest release: the newest that is neither a draft nor a prerelease', async () => {
    expect(await get('/releases/latest')).toMatchObject({ status: 200, body: { tag_name: 'v1.0.0' } });
  });

  it('answers a published release by tag, and 404 for a draft or an unknown tag', async () => {
    expect(await get('/releases/tags/v1.1.0-rc')).toMatchObject({ status: 200, body: { prerelease: true } });
    expect((await get('/releases/tags/v1.2.0')).status).toBe(404);
    expect((await get('/releases/tags/v9')).status).toBe(404);
  });
});
