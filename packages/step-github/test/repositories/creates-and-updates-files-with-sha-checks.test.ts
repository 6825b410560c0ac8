import { describe, expect, it } from '@jest/globals';
import { createOrUpdateFile } from '../../src/steps/create-or-update-file.js';
import { getRepositoryContent } from '../../src/steps/get-repository-content.js';
import { DEMO_FEATURE_BRANCH, DEMO_REPO, MONA_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

type Json = any;

const KEY = 'octo-org/hello-world';

describe('github.create_or_update_file', () => {
  const gh = useGithubEmulator();
  const git = () => gh.emulator.state.git;
  const fileOn = (branch: string, path: string) =>
    git()
      .file(KEY, git().branchSha(KEY, branch) as string, path)
      ?.toString('utf8');
  const write = (input: Record<string, unknown>) =>
    gh.run<Json>(createOrUpdateFile, { ...DEMO_REPO, ...input });

  it('creates a new file from text, sent as UTF-8 base64', async () => {
    const outcome = await write({ path: 'notes/hello.md', content: 'Grüße 🐙\n', message: 'Add notes' });
    expect(outcome.result).toMatchObject({
      created: true,
      content: { path: 'notes/hello.md', name: 'hello.md', type: 'file' },
      commit: { message: 'Add notes' },
    });
    const [lookup, put] = outcome.exchanges;
    expect(lookup).toMatchObject({
      method: 'GET',
      path: '/repos/octo-org/hello-world/contents/notes/hello.md',
      status: 404,
    });
    expect(put).toMatchObject({ method: 'PUT', status: 201 });
    expect(put.requestBody).toEqual({
      message: 'Add notes',
      content: Buffer.from('Grüße 🐙\n').toString('base64'),
    });
    expect(fileOn('main', 'notes/hello.md')).toBe('Grüße 🐙\n');
    expect(git().branchSha(KEY, 'main')).toBe(outcome.result.commit.sha);
  });

  it("updates an existing file without sha by reading the file's current sha first", async () => {
    const current = await gh.run<Json>(getRepositoryContent, { ...DEMO_REPO, path: 'README.md' });
    const outcome = await write({ path: 'README.md', content: '# Hello\n', message: 'Shorten the README' });
    expect(outcome.result.created).toBe(false);
    expect(outcome.exchanges.map(({ method, status }) => `${method} ${status}`)).toEqual([
      'GET 200',
      'PUT 200',
    ]);
    expect(outcome.exchanges[1].requestBody).toMatchObject({ sha: current.result.file.sha });
    expect(fileOn('main', 'README.md')).toBe('# Hello\n');
  });

  it('commits to the branch given, with the author and committer given', async () => {
    const outcome = await write({
      path: 'src/login.js',
      content: 'export const login = () => "hi";\n',
      message: 'Simplify login',
      branch: DEMO_FEATURE_BRANCH,
      committer: { name: 'Release Bot', email: 'bot@example.com', date: '2024-05-01T10:00:00Z' },
      author: { name: 'Ada Lovelace', email: 'ada@example.org' },
    });
    expect(outcome.exchanges[0].path).toBe(
      '/repos/octo-org/hello-world/contents/src/login.js?ref=feature%2Flogin',
    );
    expect(outcome.result.commit).toMatchObject({
      author: { name: 'Ada Lovelace', email: 'ada@example.org' },
      committer: { name: 'Release Bot', email: 'bot@example.com', date: '2024-05-01T10:00:00Z' },
    });
    expect(fileOn(DEMO_FEATURE_BRANCH, 'src/login.js')).toBe('export const login = () => "hi";\n');
    expect(fileOn('main', 'src/login.js')).toBeUndefined();
  });

  it('refuses a stale sha as a conflict, leaving the file as it was', async () => {
    const read = await gh.run<Json>(getRepositoryContent, { ...DEMO_REPO, path: 'docs/guide.md' });
    const staleSha = read.result.file.sha;
    const first = await write({ path: 'docs/guide.md', content: 'v2\n', message: 'Edit 1', sha: staleSha });
    expect(first.ok).toBe(true);
    const head = git().branchSha(KEY, 'main');

    const second = await write({ path: 'docs/guide.md', content: 'v3\n', message: 'Edit 2', sha: staleSha });
    expect(second.error).toMatchObject({ code: 'validation', field: '/steps/0/args/sha', status: 409 });
    expect(second.error?.message).toContain(`docs/guide.md changed since sha ${staleSha} was read`);
    expect(second.error?.message).toContain('read the file again');
    expect(second.exchanges).toHaveLength(1);
    expect(fileOn('main', 'docs/guide.md')).toBe('v2\n');
    expect(git().branchSha(KEY, 'main')).toBe(head);
  });

  it('blames the path, not sha, when another write changed the file between its read and its write', async () => {
    const path = '/repos/octo-org/hello-world/contents/docs/guide.md';
    // The step's read answers as it would have just before the other write landed.
    const before = await gh.run<Json>(getRepositoryContent, { ...DEMO_REPO, path: 'docs/guide.md' });
    const { text: _text, ...answer } = before.result.file;
    const other = await write({ path: 'docs/guide.md', content: 'theirs\n', message: 'Their edit' });
    expect(other.ok).toBe(true);
    const head = git().branchSha(KEY, 'main');
    gh.emulator.reset();
    gh.emulator.faults.inject({ method: 'GET', path, status: 200, body: answer });

    const outcome = await write({ path: 'docs/guide.md', content: 'mine\n', message: 'My edit' });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/path', status: 409 });
    expect(outcome.error?.message).toBe(
      `octo-org/hello-world:docs/guide.md was changed by another write after this step read it (sha ${answer.sha}), so it was not overwritten; run the step again to write over the new version`,
    );
    expect(fileOn('main', 'docs/guide.md')).toBe('theirs\n');
    expect(git().branchSha(KEY, 'main')).toBe(head);
  });

  it('says so when another write created the file after the step found it missing', async () => {
    const path = '/repos/octo-org/hello-world/contents/notes/race.md';
    const other = await write({ path: 'notes/race.md', content: 'theirs\n', message: 'Theirs' });
    expect(other.ok).toBe(true);
    const head = git().branchSha(KEY, 'main');
    // The step's read answers as it would have just before the other write landed.
    gh.emulator.faults.inject({ method: 'GET', path, status: 404, body: { message: 'Not Found' } });

    const outcome = await write({ path: 'notes/race.md', content: 'mine\n', message: 'Mine' });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/path', status: 422 });
    expect(outcome.error?.message).toContain('was created by another write after this step read it');
    expect(fileOn('main', 'notes/race.md')).toBe('theirs\n');
    expect(git().branchSha(KEY, 'main')).toBe(head);
  });

  it('fails not_found for an unknown branch, committing nothing', async () => {
    const before = git().refs(KEY);
    const outcome = await write({ path: 'x.md', content: 'x', message: 'x', branch: 'no-such-branch' });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(outcome.error?.message).toContain('Branch no-such-branch not found');
    expect(git().refs(KEY)).toEqual(before);
  });

  it('refuses to overwrite a folder, sending no write', async () => {
    const outcome = await write({ path: 'docs', content: 'x', message: 'x' });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/path' });
    expect(outcome.error?.message).toContain('is a folder, not a file');
    expect(gh.emulator.requests.map(({ method }) => method)).toEqual(['GET']);
  });

  it('needs push access: a reader is refused and nothing changes', async () => {
    const head = git().branchSha(KEY, 'main');
    const outcome = await gh.run(
      createOrUpdateFile,
      { ...DEMO_REPO, path: 'mona.md', content: 'hi', message: 'hi' },
      { account: gh.emulator.accountFor('mona', MONA_TOKEN) },
    );
    expect(outcome.error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(git().branchSha(KEY, 'main')).toBe(head);
  });

  it('makes the first commit of an empty repository', async () => {
    gh.emulator.state.addRepository({ owner: 'octocat', name: 'empty' });
    const outcome = await gh.run<Json>(createOrUpdateFile, {
      owner: 'octocat',
      repo: 'empty',
      path: 'README.md',
      content: '# Empty no more\n',
      message: 'First',
    });
    expect(outcome.result).toMatchObject({ created: true, commit: { parents: [] } });
    expect(git().branchSha('octocat/empty', 'main')).toBe(outcome.result.commit.sha);
  });
});
