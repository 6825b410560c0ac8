import { describe, expect, it } from '@jest/globals';
import { createEngine, type Engine } from '@toolsteps/engine';
import github from '../../src/index.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

describe('engine.call hands a model a result it can hold', () => {
  const gh = useGithubEmulator();
  const engine = (): Promise<Engine> =>
    createEngine({ integrations: [github], accounts: [gh.emulator.account] });

  async function openIssues(calls: Engine, count: number): Promise<void> {
    for (let index = 1; index <= count; index++) {
      const body = `Oopsie report ${index}: ${'stack frame '.repeat(150)}`;
      const opened = await calls.call('github_create_issue', {
        ...DEMO_REPO,
        title: `Oopsie ${index}`,
        body,
      });
      expect(opened.ok).toBe(true);
    }
  }

  it('cuts a long search at whole results, says what it left out and how to ask for the rest', async () => {
    const calls = await engine();
    await openIssues(calls, 12);

    const whole = await calls.call(
      'github_search_issues',
      { q: 'repo:octo-org/hello-world Oopsie' },
      { maxResultBytes: Infinity, view: 'full' },
    );
    const cut = await calls.call(
      'github_search_issues',
      { q: 'repo:octo-org/hello-world Oopsie' },
      { view: 'full' },
    );

    if (!whole.ok || !cut.ok) throw new Error('the searches failed');
    const wholeItems = (whole.result as { items: unknown[] }).items;
    const cutItems = (cut.result as { items: unknown[] }).items;
    expect(wholeItems).toHaveLength(12);
    expect(whole.meta.truncated).toBeUndefined();
    expect(Buffer.byteLength(JSON.stringify(whole.result))).toBeGreaterThan(16_384);

    expect(Buffer.byteLength(JSON.stringify(cut.result))).toBeLessThanOrEqual(16_384);
    expect(cutItems.length).toBeGreaterThan(0);
    expect(cutItems).toEqual(wholeItems.slice(0, cutItems.length));
    expect(cut.result).toMatchObject({ total_count: 12 });
    expect(cut.meta.truncated).toEqual({
      originalBytes: Buffer.byteLength(JSON.stringify(whole.result)),
      keptBytes: Buffer.byteLength(JSON.stringify(cut.result)),
      omitted: [`items ${cutItems.length + 1}–12 of /items (${12 - cutItems.length} of 12)`],
      note: expect.stringMatching(
        /^The result was cut to 16,384 bytes of its .*To see the rest, ask for fewer \(.*per_page.*\) or the next page\.$/,
      ),
    });
  });

  it('leaves out a whole field, never part of one, when a single item is too large', async () => {
    const calls = await engine();
    const body = 'x'.repeat(3000);
    const opened = await calls.call(
      'github_create_issue',
      { ...DEMO_REPO, title: 'One long body', body },
      { maxResultBytes: 2000, view: 'full' },
    );

    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.result).toMatchObject({ title: 'One long body' });
    expect(opened.result).not.toHaveProperty('body');
    expect(opened.meta.truncated?.omitted).toEqual([
      expect.stringMatching(/^field \/body \(3,0\d\d bytes\)$/),
    ]);
  });

  it('refuses a size that is no size, before calling anything', async () => {
    await expect(
      (await engine()).call('github_get_repository', DEMO_REPO, { maxResultBytes: 0 }),
    ).rejects.toThrow(/maxResultBytes must be a number of bytes above 0/);
    expect(gh.emulator.requests).toEqual([]);
  });

  it('hands a model the issues in short, and the whole answer to a caller who asks for it', async () => {
    const calls = await engine();
    await openIssues(calls, 12);
    const search = { q: 'repo:octo-org/hello-world Oopsie', per_page: 2 };

    const short = await calls.call('github_search_issues', search);
    const full = await calls.call('github_search_issues', search, { view: 'full' });

    if (!short.ok || !full.ok) throw new Error('the searches failed');
    expect(short.meta.truncated).toBeUndefined();
    expect(short.result).toEqual({
      total_count: 12,
      items: [expect.any(Object), expect.any(Object)],
      next_page: 2,
      capped: false,
    });
    const [first] = (short.result as { items: Array<Record<string, unknown>> }).items;
    const [whole] = (full.result as { items: Array<Record<string, unknown>> }).items;
    expect(Object.keys(first).sort()).toEqual([
      'assignees',
      'author',
      'body_excerpt',
      'comments',
      'created_at',
      'is_pull_request',
      'labels',
      'number',
      'state',
      'title',
      'updated_at',
      'url',
    ]);
    expect(first).toMatchObject({
      number: whole.number,
      title: whole.title,
      url: whole.html_url,
      author: 'octocat',
    });
    expect(first.body_excerpt).toBe(`${String(whole.body).slice(0, 500)}…`);
  });
});
