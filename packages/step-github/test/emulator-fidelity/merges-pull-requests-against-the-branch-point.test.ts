import { describe, expect, it } from '@jest/globals';
import { useGithubEmulator } from '../github-fixture.js';
import { KEY, pushBranch, REPO } from '../pulls/pull-fixture.js';
import { githubHttp } from '../repositories/github-http.js';

const HUBOT = { name: 'Hubot', email: 'hubot@example.com' };
const METHODS = ['merge', 'squash', 'rebase'] as const;

/** A three-way merge: what each side changed since the branch point is kept; both changing a file conflicts. */
describe('the emulator merges pull requests against their merge base, as git does', () => {
  const gh = useGithubEmulator();
  const git = () => gh.emulator.state.git;
  const http = (method: string, path: string, body?: unknown) =>
    githubHttp(gh.emulator, method, path, { body });
  const commitTo = (branch: string, changes: Record<string, string | null>, message = 'Change') =>
    git().writeCommit(KEY, { branch, changes, message, author: HUBOT }).sha;
  const open = async (head: string) =>
    (await http('POST', `${REPO}/pulls`, { title: head, head, base: 'main' })).body.number as number;
  const fileOnMain = (path: string) =>
    git()
      .file(KEY, git().branchSha(KEY, 'main') as string, path)
      ?.toString();

  it.each(METHODS)('keeps what main changed after the branch point (%s)', async (merge_method) => {
    pushBranch(gh.emulator, 'topic', { 'topic.md': 'topic\n' });
    commitTo('main', { 'README.md': 'Rewritten on main after the branch point\n', 'later.md': 'later\n' });
    const number = await open('topic');
    const merged = await http('PUT', `${REPO}/pulls/${number}/merge`, { merge_method });
    expect(merged.status).toBe(200);
    expect(fileOnMain('README.md')).toBe('Rewritten on main after the branch point\n');
    expect(fileOnMain('later.md')).toBe('later\n');
    expect(fileOnMain('topic.md')).toBe('topic\n');
  });

  it.each(METHODS)('keeps a file deleted on the head branch deleted (%s)', async (merge_method) => {
    pushBranch(gh.emulator, 'cleanup', { 'notes.md': 'notes\n' });
    commitTo('cleanup', { 'docs/guide.md': null }, 'Remove the guide');
    commitTo('main', { 'other.md': 'unrelated\n' });
    const number = await open('cleanup');
    expect((await http('PUT', `${REPO}/pulls/${number}/merge`, { merge_method })).status).toBe(200);
    expect(fileOnMain('docs/guide.md')).toBeUndefined();
    expect(fileOnMain('other.md')).toBe('unrelated\n');
  });

  it('takes a file both sides changed the same way, and a file only one side deleted', async () => {
    pushBranch(gh.emulator, 'same', { 'same.md': 'agreed\n' });
    commitTo('main', { 'same.md': 'agreed\n', 'src/index.js': null });
    const number = await open('same');
    expect((await http('GET', `${REPO}/pulls/${number}`)).body).toMatchObject({
      mergeable: true,
      mergeable_state: 'clean',
    });
    expect((await http('PUT', `${REPO}/pulls/${number}/merge`)).status).toBe(200);
    expect(fileOnMain('same.md')).toBe('agreed\n');
    expect(fileOnMain('src/index.js')).toBeUndefined();
  });

  it('shows a pull request whose file both sides changed as dirty and refuses every merge method, changing nothing', async () => {
    pushBranch(gh.emulator, 'clash', { 'README.md': 'The head branch says this\n' });
    commitTo('main', { 'README.md': 'Main says that\n' });
    const number = await open('clash');
    const pull = await http('GET', `${REPO}/pulls/${number}`);
    expect(pull.body).toMatchObject({ mergeable: false, rebaseable: false, mergeable_state: 'dirty' });

    const main = git().branchSha(KEY, 'main');
    const commits = git().history(KEY, main as string).length;
    for (const merge_method of METHODS) {
      const refused = await http('PUT', `${REPO}/pulls/${number}/merge`, { merge_method });
      expect(refused).toMatchObject({ status: 405, body: { message: 'Pull Request is not mergeable' } });
    }
    expect(git().branchSha(KEY, 'main')).toBe(main);
    expect(git().history(KEY, main as string)).toHaveLength(commits);
    expect((await http('GET', `${REPO}/pulls/${number}`)).body).toMatchObject({
      state: 'open',
      merged: false,
      merged_at: null,
    });
    expect((await http('GET', `${REPO}/pulls/${number}/merge`)).status).toBe(404);
  });

  it('sees a deletion on one side and an edit on the other as a conflict', async () => {
    pushBranch(gh.emulator, 'edit-guide', { 'docs/guide.md': 'A better guide\n' });
    commitTo('main', { 'docs/guide.md': null });
    const number = await open('edit-guide');
    expect((await http('GET', `${REPO}/pulls/${number}`)).body.mergeable_state).toBe('dirty');
    expect((await http('PUT', `${REPO}/pulls/${number}/merge`)).status).toBe(405);
  });

  it('rebases a branch whose later commit undoes its own earlier change without a conflict', async () => {
    pushBranch(gh.emulator, 'back-and-forth', { 'README.md': 'Changed for a while\n' });
    commitTo('back-and-forth', { 'README.md': fileOnMain('README.md') ?? '', 'kept.md': 'kept\n' });
    commitTo('main', { 'main.md': 'main moved on\n' });
    const number = await open('back-and-forth');
    expect((await http('GET', `${REPO}/pulls/${number}`)).body).toMatchObject({
      mergeable: true,
      rebaseable: true,
    });
    const before = fileOnMain('README.md');
    expect((await http('PUT', `${REPO}/pulls/${number}/merge`, { merge_method: 'rebase' })).status).toBe(200);
    expect(fileOnMain('README.md')).toBe(before);
    expect(fileOnMain('kept.md')).toBe('kept\n');
    expect(fileOnMain('main.md')).toBe('main moved on\n');
  });

  it('finds the merge base after an earlier merge of main into the branch', async () => {
    pushBranch(gh.emulator, 'long-lived', { 'feature.md': 'v1\n' });
    commitTo('main', { 'README.md': 'Main edits the README\n' });
    const synced = git().merge(KEY, 'long-lived', 'main', 'Merge main into long-lived', HUBOT);
    expect(git().mergeBase(KEY, synced, git().branchSha(KEY, 'main') as string)).toBe(
      git().branchSha(KEY, 'main'),
    );
    commitTo('long-lived', { 'README.md': 'The branch edits it again\n' });
    const number = await open('long-lived');
    expect((await http('GET', `${REPO}/pulls/${number}`)).body.mergeable).toBe(true);
    expect((await http('PUT', `${REPO}/pulls/${number}/merge`)).status).toBe(200);
    expect(fileOnMain('README.md')).toBe('The branch edits it again\n');
  });
});
