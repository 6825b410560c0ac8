import { describe, expect, it } from '@jest/globals';
import { getRepositoryContent } from '../../src/steps/get-repository-content.js';
import { DEMO_FEATURE_BRANCH, DEMO_REPO, DEMO_TAG } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

type Json = any;

describe('github.get_repository_content', () => {
  const gh = useGithubEmulator();
  const read = (input: Record<string, unknown>) =>
    gh.run<Json>(getRepositoryContent, { ...DEMO_REPO, ...input });

  it('returns a text file decoded, beside GitHub’s own base64 wrapped at 60 characters', async () => {
    const outcome = await read({ path: 'README.md' });
    expect(outcome.result).toMatchObject({ type: 'file', path: 'README.md' });
    const { file } = outcome.result;
    expect(file.text).toBe(
      '# hello-world\n\nMy first repository on GitHub!\n\nRun it with `node src/index.js`.\n',
    );
    expect(file).toMatchObject({
      type: 'file',
      name: 'README.md',
      encoding: 'base64',
      size: Buffer.byteLength(file.text),
    });
    const lines = file.content.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -2).every((line: string) => line.length === 60)).toBe(true);
    expect(Buffer.from(file.content, 'base64').toString('utf8')).toBe(file.text);
    expect(file.sha).toMatch(/^[0-9a-f]{40}$/);
  });

  it('leaves text out for a binary file, keeping its bytes in base64', async () => {
    const outcome = await read({ path: 'assets/logo.png' });
    const { file } = outcome.result;
    expect(file.text).toBeUndefined();
    const bytes = Buffer.from(file.content, 'base64');
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.length).toBe(file.size);
  });

  it('decodes multi-byte UTF-8 text, and treats invalid UTF-8 as binary', async () => {
    const key = 'octo-org/hello-world';
    gh.emulator.state.git.writeCommit(key, {
      branch: 'main',
      message: 'Add two files',
      author: { name: 'The Octocat', email: 'octocat@example.com' },
      changes: {
        'docs/grüße.md': 'Grüße, 世界 🐙\n',
        'data/latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      },
    });
    const unicode = await read({ path: 'docs/grüße.md' });
    expect(unicode.result.file.text).toBe('Grüße, 世界 🐙\n');
    expect(unicode.exchanges[0].path).toBe('/repos/octo-org/hello-world/contents/docs/gr%C3%BC%C3%9Fe.md');
    const latin1 = await read({ path: 'data/latin1.txt' });
    expect(latin1.result.file.text).toBeUndefined();
  });

  it('lists a folder as entries, and the root when no path is given', async () => {
    const folder = await read({ path: 'src' });
    expect(folder.result.type).toBe('dir');
    expect(folder.result.entries.map((entry: Json) => [entry.name, entry.type])).toEqual([
      ['index.js', 'file'],
    ]);
    const root = await read({});
    expect(root.exchanges[0].path).toBe('/repos/octo-org/hello-world/contents');
    expect(root.result).toMatchObject({ type: 'dir', path: '' });
    expect(root.result.entries.map((entry: Json) => `${entry.type}:${entry.path}`)).toEqual([
      'file:README.md',
      'dir:assets',
      'dir:docs',
      'dir:src',
    ]);
    const docs = root.result.entries.find((entry: Json) => entry.path === 'docs');
    expect(docs).toMatchObject({ size: 0, download_url: null });
    expect(docs.sha).toMatch(/^[0-9a-f]{40}$/);
  });

  it('reads at a branch, a tag or a commit sha', async () => {
    const onBranch = await read({ path: 'src/login.js', ref: DEMO_FEATURE_BRANCH });
    expect(onBranch.result.file.text).toContain('Welcome');
    expect(onBranch.exchanges[0].path).toBe(
      '/repos/octo-org/hello-world/contents/src/login.js?ref=feature%2Flogin',
    );
    const atTag = await read({ path: 'README.md', ref: DEMO_TAG });
    expect(atTag.result.file.text).toBe('# hello-world\n\nMy first repository on GitHub!\n');
    const tagSha = gh.emulator.state.git.tagSha('octo-org/hello-world', DEMO_TAG) as string;
    const atSha = await read({ path: 'assets', ref: tagSha });
    expect(atSha.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('answers not_found for a missing path or an unknown ref', async () => {
    const missing = await read({ path: 'docs/missing.md' });
    expect(missing.error).toMatchObject({ code: 'not_found', status: 404 });
    const unknownRef = await read({ path: 'README.md', ref: 'no-such-branch' });
    expect(unknownRef.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(unknownRef.error?.message).toContain('No commit found for the ref no-such-branch');
  });
});
