import { describe, expect, it } from '@jest/globals';
import { HUBOT_TOKEN, MONA_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from './github-http.js';

const REPO = '/repos/octo-org/hello-world';
const KEY = 'octo-org/hello-world';
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('the emulator: branches, git refs and contents writes', () => {
  const gh = useGithubEmulator();
  const http = (method: string, path: string, options?: { token?: string; body?: unknown }) =>
    githubHttp(gh.emulator, method, path, options);
  const git = () => gh.emulator.state.git;
  const main = () => git().branchSha(KEY, 'main') as string;

  it('lists branches and reads one with its commit and protection', async () => {
    const list = await http('GET', `${REPO}/branches`);
    expect(list.body.map((branch: { name: string }) => branch.name)).toEqual(['feature/login', 'main']);
    expect(list.body[1]).toEqual({
      name: 'main',
      commit: { sha: main(), url: `${gh.emulator.baseUrl}${REPO}/commits/${main()}` },
      protected: false,
    });
    const one = await http('GET', `${REPO}/branches/feature/login`);
    expect(one.body).toMatchObject({
      name: 'feature/login',
      protected: false,
      protection: { enabled: false },
    });
    expect(one.body.commit.commit.message).toBe('Add a login form');
    expect(await http('GET', `${REPO}/branches/nope`)).toMatchObject({
      status: 404,
      body: { message: 'Branch not found' },
    });
  });

  it('reads refs exactly or by prefix', async () => {
    const ref = await http('GET', `${REPO}/git/ref/heads/main`);
    expect(ref.body).toMatchObject({ ref: 'refs/heads/main', object: { type: 'commit', sha: main() } });
    expect((await http('GET', `${REPO}/git/ref/heads/mai`)).status).toBe(404);
    const matching = await http('GET', `${REPO}/git/matching-refs/heads/f`);
    expect(matching.body.map((entry: { ref: string }) => entry.ref)).toEqual(['refs/heads/feature/login']);
    const tags = await http('GET', `${REPO}/git/matching-refs/tags`);
    expect(tags.body.map((entry: { ref: string }) => entry.ref)).toEqual(['refs/tags/v1.0.0']);
  });

  it('reads a commit by a ref spanning segments, leaving commit sub-resources to their routes', async () => {
    const feature = git().branchSha(KEY, 'feature/login');
    for (const ref of [
      'feature/login',
      'heads/feature/login',
      'refs/heads/feature/login',
      'feature%2Flogin',
    ]) {
      const answer = await http('GET', `${REPO}/commits/${ref}`);
      expect([ref, answer.status, answer.body.sha]).toEqual([ref, 200, feature]);
    }
    expect((await http('GET', `${REPO}/commits/nope/x`)).body.message).toBe(
      'No commit found for SHA: nope/x',
    );
    const status = await http('GET', `${REPO}/commits/${feature}/status`);
    expect(status.body?.message).not.toContain('No commit found');
  });

  it('lists the root folder with or without a trailing slash', async () => {
    const bare = await http('GET', `${REPO}/contents`);
    const slash = await http('GET', `${REPO}/contents/`);
    expect(slash.body).toEqual(bare.body);
    expect(bare.body.map((entry: { name: string }) => entry.name)).toEqual([
      'README.md',
      'assets',
      'docs',
      'src',
    ]);
  });

  it('creates and deletes refs with the documented refusals', async () => {
    const create = (body: unknown, token?: string) => http('POST', `${REPO}/git/refs`, { body, token });
    expect((await create({ ref: 'refs/heads/x', sha: main() })).status).toBe(201);
    expect((await create({ ref: 'refs/heads/x', sha: main() })).body.message).toBe(
      'Reference already exists',
    );
    expect((await create({ ref: 'heads/y', sha: main() })).body.message).toBe(
      'Reference name must contain at least three slash-separated components.',
    );
    expect((await create({ ref: 'refs/heads/a..b', sha: main() })).body.message).toBe(
      'refs/heads/a..b is not a valid ref name.',
    );
    expect((await create({ ref: 'refs/heads/y', sha: 'f'.repeat(40) })).body.message).toBe(
      'Object does not exist',
    );
    expect((await create({ ref: 'refs/heads/x/deeper', sha: main() })).body.message).toBe(
      'Reference update failed',
    );
    expect((await create({ ref: 'refs/heads/z' })).body.errors).toEqual([
      { resource: 'Reference', code: 'missing_field', field: 'sha' },
    ]);
    expect((await create({ ref: 'refs/heads/m', sha: main() }, MONA_TOKEN)).status).toBe(403);
    expect(
      git()
        .refs(KEY)
        .map(({ ref }) => ref),
    ).toEqual(['refs/heads/feature/login', 'refs/heads/main', 'refs/heads/x', 'refs/tags/v1.0.0']);

    expect((await http('DELETE', `${REPO}/git/refs/heads/x`)).status).toBe(204);
    expect((await http('DELETE', `${REPO}/git/refs/heads/x`)).body.message).toBe('Reference does not exist');
    expect((await http('DELETE', `${REPO}/git/refs/heads/main`)).status).toBe(422);
    expect(git().branchSha(KEY, 'main')).toBeDefined();
  });

  it('answers 409 "Git Repository is empty." on git data of a repository without commits', async () => {
    await http('POST', '/user/repos', { body: { name: 'blank' } });
    for (const path of ['/git/ref/heads/main', '/commits', '/commits/main']) {
      expect(await http('GET', `/repos/octocat/blank${path}`)).toMatchObject({
        status: 409,
        body: { message: 'Git Repository is empty.' },
      });
    }
    expect((await http('GET', '/repos/octocat/blank/branches')).body).toEqual([]);
    expect((await http('GET', '/repos/octocat/blank/contents')).body.message).toBe(
      'This repository is empty.',
    );
  });

  it('writes, updates and deletes a file, each one commit moving the branch', async () => {
    const put = (path: string, body: Record<string, unknown>, token?: string) =>
      http('PUT', `${REPO}/contents/${path}`, { body, token });
    const created = await put('notes/a.md', { message: 'Add', content: base64('one\n') });
    expect(created.status).toBe(201);
    expect(created.body.commit.parents[0].sha).not.toBe(main());
    expect(created.body.commit.sha).toBe(main());

    expect(await put('notes/a.md', { message: 'Again', content: base64('two\n') })).toMatchObject({
      status: 422,
      body: { message: 'Invalid request.\n\n"sha" wasn\'t supplied.' },
    });
    expect(
      await put('notes/a.md', { message: 'Stale', content: base64('two\n'), sha: 'a'.repeat(40) }),
    ).toMatchObject({
      status: 409,
      body: { message: `notes/a.md does not match ${'a'.repeat(40)}` },
    });
    expect((await put('notes/b.md', { message: 'Bad', content: 'not base64!' })).body.message).toBe(
      'content is not valid Base64',
    );
    expect((await put('notes/b.md', { content: base64('x') })).body.message).toBe(
      'Invalid request.\n\n"message" wasn\'t supplied.',
    );
    expect(
      (await put('notes/b.md', { message: 'x', content: base64('x'), branch: 'gone' })).body.message,
    ).toBe('Branch gone not found');
    expect((await put('notes/b.md', { message: 'x', content: base64('x') }, MONA_TOKEN)).status).toBe(403);
    for (const clash of ['docs', 'README.md/inside.md']) {
      const answer = await put(clash, { message: 'x', content: base64('x') });
      expect([clash, answer.status]).toEqual([clash, 422]);
    }
    expect(git().file(KEY, main(), 'notes/a.md')?.toString()).toBe('one\n');
    expect(git().file(KEY, main(), 'notes/b.md')).toBeUndefined();

    const updated = await put(
      'notes/a.md',
      {
        message: 'Update',
        content: base64('two\n'),
        sha: created.body.content.sha,
      },
      HUBOT_TOKEN,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.commit.committer).toMatchObject({ name: 'Hubot', email: 'hubot@example.com' });

    const remove = (body: unknown) => http('DELETE', `${REPO}/contents/notes/a.md`, { body });
    expect((await remove({ message: 'Drop' })).body.message).toBe(
      'Invalid request.\n\n"sha" wasn\'t supplied.',
    );
    expect((await remove({ message: 'Drop', sha: created.body.content.sha })).status).toBe(409);
    const deleted = await remove({ message: 'Drop', sha: updated.body.content.sha });
    expect(deleted.status).toBe(200);
    expect(deleted.body.content).toBeNull();
    expect(git().file(KEY, main(), 'notes/a.md')).toBeUndefined();
    expect((await remove({ message: 'Drop', sha: updated.body.content.sha })).status).toBe(404);
  });

  it('gives git blob shas, so equal content has an equal sha', async () => {
    const readme = await http('GET', `${REPO}/contents/README.md`);
    const copy = await http('PUT', `${REPO}/contents/COPY.md`, {
      body: { message: 'Copy', content: readme.body.content },
    });
    expect(copy.body.content.sha).toBe(readme.body.sha);
    // git hash-object of "hello\n"
    const hello = await http('PUT', `${REPO}/contents/hello.txt`, {
      body: { message: 'hi', content: base64('hello\n') },
    });
    expect(hello.body.content.sha).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });
});
