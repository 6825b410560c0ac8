import { describe, expect, it } from '@jest/globals';
import { getCommit } from '../../src/steps/get-commit.js';
import { listCommits } from '../../src/steps/list-commits.js';
import { DEMO_FEATURE_BRANCH, DEMO_REPO, DEMO_TAG } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

type Json = any;

const KEY = 'octo-org/hello-world';
const messages = (commits: Json[]) => commits.map((commit) => commit.commit.message);

describe('github.list_commits and github.get_commit', () => {
  const gh = useGithubEmulator();
  const list = (input: Record<string, unknown> = {}) => gh.run<Json>(listCommits, { ...DEMO_REPO, ...input });

  it('lists the default branch newest first, with authors linked to GitHub users by email', async () => {
    const outcome = await list();
    expect(messages(outcome.result.commits)).toEqual([
      'Explain how to run it',
      'Add the logo',
      'Write the guide',
      'Add the entry point',
      'Initial commit',
    ]);
    expect(outcome.result.next_page).toBeUndefined();
    const [latest, logo] = outcome.result.commits;
    expect(latest).toMatchObject({
      sha: gh.emulator.state.git.branchSha(KEY, 'main'),
      author: { login: 'hubot' },
      commit: { author: { name: 'Hubot', email: 'hubot@example.com', date: '2024-02-18T16:45:00Z' } },
    });
    expect(latest.parents[0].sha).toBe(logo.sha);
    expect(logo.author).toBeNull();
  });

  it('lists from another branch or sha', async () => {
    const outcome = await list({ sha: DEMO_FEATURE_BRANCH });
    expect(messages(outcome.result.commits)[0]).toBe('Add a login form');
    expect(outcome.result.commits).toHaveLength(6);
    const fromTag = await list({ sha: DEMO_TAG });
    expect(messages(fromTag.result.commits)).toEqual([
      'Write the guide',
      'Add the entry point',
      'Initial commit',
    ]);
  });

  it('filters by path, author login or email, and time window', async () => {
    const readme = await list({ path: 'README.md' });
    expect(messages(readme.result.commits)).toEqual(['Explain how to run it', 'Initial commit']);
    const src = await list({ path: 'src', sha: DEMO_FEATURE_BRANCH });
    expect(messages(src.result.commits)).toEqual(['Add a login form', 'Add the entry point']);
    const hubot = await list({ author: 'hubot' });
    expect(messages(hubot.result.commits)).toEqual(['Explain how to run it', 'Add the entry point']);
    const ada = await list({ author: 'ada@example.org' });
    expect(messages(ada.result.commits)).toEqual(['Add the logo']);
    const january = await list({ since: '2024-01-11T00:00:00Z', until: '2024-01-31T23:59:59Z' });
    expect(messages(january.result.commits)).toEqual(['Write the guide', 'Add the entry point']);
    expect(january.exchanges[0].path).toBe(
      '/repos/octo-org/hello-world/commits?since=2024-01-11T00%3A00%3A00Z&until=2024-01-31T23%3A59%3A59Z',
    );
  });

  it('reads one page and says which page comes next', async () => {
    const outcome = await list({ per_page: 2, page: 2 });
    expect(messages(outcome.result.commits)).toEqual(['Write the guide', 'Add the entry point']);
    expect(outcome.result.next_page).toBe(3);
  });

  it('follows Link pages with all, and stops at limit', async () => {
    const all = await list({ per_page: 2, all: true });
    expect(all.result.commits).toHaveLength(5);
    expect(all.result.next_page).toBeUndefined();
    expect(all.exchanges.map(({ path }) => path)).toEqual([
      '/repos/octo-org/hello-world/commits?per_page=2',
      '/repos/octo-org/hello-world/commits?per_page=2&page=2',
      '/repos/octo-org/hello-world/commits?per_page=2&page=3',
    ]);
    const limited = await list({ per_page: 2, all: true, limit: 3 });
    expect(messages(limited.result.commits)).toEqual([
      'Explain how to run it',
      'Add the logo',
      'Write the guide',
    ]);
    expect(limited.exchanges).toHaveLength(2);
  });

  it('reads one commit with its changed files and stats', async () => {
    const outcome = await gh.run<Json>(getCommit, { ...DEMO_REPO, ref: DEMO_FEATURE_BRANCH });
    expect(outcome.exchanges[0].path).toBe('/repos/octo-org/hello-world/commits/feature%2Flogin');
    expect(outcome.result.commit.message).toBe('Add a login form');
    expect(outcome.result.files).toEqual([
      expect.objectContaining({ filename: 'src/index.js', status: 'modified', additions: 3, deletions: 1 }),
      expect.objectContaining({ filename: 'src/login.js', status: 'added', additions: 3, deletions: 0 }),
    ]);
    expect(outcome.result.stats).toEqual({ additions: 6, deletions: 1, total: 7 });
  });

  it('reads a commit by tag or short sha; binary files count no lines', async () => {
    const tagged = await gh.run<Json>(getCommit, { ...DEMO_REPO, ref: DEMO_TAG });
    expect(tagged.result.sha).toBe(gh.emulator.state.git.tagSha(KEY, DEMO_TAG));
    const logo = (await list()).result.commits[1];
    const short = await gh.run<Json>(getCommit, { ...DEMO_REPO, ref: logo.sha.slice(0, 7) });
    expect(short.result.files).toEqual([
      expect.objectContaining({ filename: 'assets/logo.png', status: 'added', additions: 0, deletions: 0 }),
    ]);
  });

  it('answers not_found for a ref that names no commit', async () => {
    const outcome = await gh.run(getCommit, { ...DEMO_REPO, ref: 'deadbeef' });
    expect(outcome.error).toMatchObject({ code: 'not_found', field: '/steps/0/args/ref', status: 422 });
    expect(outcome.error?.message).toContain('No commit found for SHA: deadbeef');
  });
});
