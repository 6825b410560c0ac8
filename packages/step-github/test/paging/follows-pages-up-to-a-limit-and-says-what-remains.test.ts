import { describe, expect, it } from '@jest/globals';
import { listCommits } from '../../src/steps/list-commits.js';
import { listGistsForUser } from '../../src/steps/list-gists-for-user.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

type Json = any;

describe('list steps: one page by per_page, or with all every page up to limit (default 1,000), never losing a result', () => {
  const gh = useGithubEmulator();

  const commits = (input: Record<string, unknown>) => gh.run<Json>(listCommits, { ...DEMO_REPO, ...input });
  const messages = (outcome: Json): string[] =>
    outcome.result.commits.map((commit: Json) => commit.commit.message.split('\n')[0]);
  const sent = () =>
    gh.emulator.requests.map((request) => ({ per_page: request.query.per_page, page: request.query.page }));

  /** octocat gets `count` public gists on top of the demo ones, `Gist 1` the oldest. */
  function manyGists(count: number): void {
    for (let n = 1; n <= count; n += 1) {
      const at = new Date(Date.UTC(2031, 0, 1, 0, 0, n)).toISOString().replace('.000', '');
      gh.emulator.state.gists.create('octocat', {
        description: `Gist ${n}`,
        public: true,
        created_at: at,
        files: [{ filename: 'n.txt', content: String(n) }],
      });
    }
  }
  const gists = (input: Record<string, unknown>) =>
    gh.run<Json>(listGistsForUser, { username: 'octocat', ...input });
  const descriptions = (outcome: Json): string[] =>
    outcome.result.gists.map((gist: Json) => gist.description);

  it('refuses limit without all before sending anything, pointing to per_page', async () => {
    const outcome = await commits({ limit: 3 });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/limit' });
    expect(outcome.error?.message).toMatch(/only with all: true.*set per_page/);
    expect(gh.emulator.requests).toEqual([]);
  });

  it('refuses a limit over 10,000 before sending anything', async () => {
    const outcome = await commits({ all: true, limit: 10_001 });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/limit' });
    expect(outcome.error?.message).toMatch(/10000/);
    expect(gh.emulator.requests).toEqual([]);
  });

  it('with all and a small limit, asks for pages of limit results, not 100', async () => {
    const outcome = await commits({ all: true, limit: 2 });
    expect(messages(outcome)).toEqual(['Explain how to run it', 'Add the logo']);
    expect(sent()).toEqual([{ per_page: '2', page: undefined }]);
    // Three more commits remain: the next page at the same size.
    expect(outcome.result.next_page).toBe(2);
  });

  it('when limit cuts a page short, next_page is that page again, so nothing is skipped', async () => {
    const cut = await commits({ all: true, per_page: 2, limit: 3 });
    expect(messages(cut)).toEqual(['Explain how to run it', 'Add the logo', 'Write the guide']);
    expect(cut.result.next_page).toBe(2);
    const resumed = await commits({ per_page: 2, page: cut.result.next_page });
    expect(messages(resumed)).toEqual(['Write the guide', 'Add the entry point']);
  });

  it('reports no next_page once every page is read', async () => {
    const outcome = await commits({ all: true, limit: 5 });
    expect(outcome.result.commits).toHaveLength(5);
    expect(outcome.result.next_page).toBeUndefined();
    const everything = await commits({ all: true, per_page: 2 });
    expect(everything.result.commits).toHaveLength(5);
    expect(everything.result.next_page).toBeUndefined();
  });

  it('with all and no limit, stops at 1,000 results and says where the rest begin', async () => {
    manyGists(1_100);
    const outcome = await gists({ all: true });
    expect(outcome.ok).toBe(true);
    expect(outcome.result.gists).toHaveLength(1_000);
    expect(descriptions(outcome).slice(0, 2)).toEqual(['Gist 1100', 'Gist 1099']);
    expect(outcome.result.next_page).toBe(11);
    expect(sent()).toEqual(
      Array.from({ length: 10 }, (_, index) => ({
        per_page: '100',
        page: index === 0 ? undefined : String(index + 1),
      })),
    );

    const rest = await gists({ all: true, page: outcome.result.next_page });
    expect(descriptions(rest).slice(0, 100)).toEqual(
      Array.from({ length: 100 }, (_, index) => `Gist ${100 - index}`),
    );
    expect(rest.result.next_page).toBeUndefined();
  });

  it('a limit above 1,000 raises the cap, and a page it cuts comes back whole from next_page', async () => {
    manyGists(1_100);
    const outcome = await gists({ all: true, limit: 1_050 });
    expect(outcome.result.gists).toHaveLength(1_050);
    expect(gh.emulator.requests).toHaveLength(11);
    expect(outcome.result.next_page).toBe(11);
    const rest = await gists({ per_page: 100, page: outcome.result.next_page });
    const seen = new Set([...descriptions(outcome), ...descriptions(rest)]);
    for (let n = 1; n <= 1_100; n += 1) expect(seen.has(`Gist ${n}`)).toBe(true);
  });
});
