import { describe, expect, it } from '@jest/globals';
import { createGist } from '../../src/steps/create-gist.js';
import { listGistsForUser } from '../../src/steps/list-gists-for-user.js';
import { updateGist } from '../../src/steps/update-gist.js';
import { HUBOT_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

interface GistOut {
  id: string;
  description: string | null;
  public: boolean;
  html_url: string;
  owner: { login: string };
  files: Record<
    string,
    { filename: string; content?: string; size: number; language: string; raw_url: string }
  >;
  history?: Array<{ version: string; change_status: { additions: number; deletions: number } }>;
}

describe('gists: github.create_gist, github.update_gist and github.list_gists_for_user', () => {
  const gh = useGithubEmulator();
  const create = (input: Record<string, unknown>) => gh.run<GistOut>(createGist, input);
  const update = (input: Record<string, unknown>) => gh.run<GistOut>(updateGist, input);
  const list = (input: Record<string, unknown>, options = {}) =>
    gh.run<{ gists: GistOut[]; next_page?: number }>(listGistsForUser, input, options);

  it("creates a secret gist from a { name: content } map, sent in GitHub's shape", async () => {
    const outcome = await create({
      description: 'Deploy notes',
      files: { 'deploy.md': '# Deploy\n\nRun the Deploy workflow.\n', 'env.txt': 'staging' },
    });

    expect(outcome.ok).toBe(true);
    expect(gh.emulator.requests[0]).toMatchObject({
      method: 'POST',
      path: '/gists',
      body: {
        description: 'Deploy notes',
        public: false,
        files: {
          'deploy.md': { content: '# Deploy\n\nRun the Deploy workflow.\n' },
          'env.txt': { content: 'staging' },
        },
      },
      status: 201,
    });
    expect(outcome.result).toMatchObject({
      description: 'Deploy notes',
      public: false,
      owner: { login: 'octocat' },
      files: {
        'deploy.md': {
          filename: 'deploy.md',
          language: 'Markdown',
          size: 35,
          content: '# Deploy\n\nRun the Deploy workflow.\n',
        },
        'env.txt': { filename: 'env.txt', content: 'staging', size: 7 },
      },
    });
    expect(outcome.result?.id).toMatch(/^[0-9a-f]{32}$/);
    const stored = gh.emulator.state.gists.get(outcome.result!.id);
    expect(stored?.files.map((file) => file.filename)).toEqual(['deploy.md', 'env.txt']);
  });

  it('creates a public gist when asked', async () => {
    const outcome = await create({ public: true, files: { 'a.txt': 'x' } });
    expect(outcome.result?.public).toBe(true);
    expect(gh.emulator.state.gists.get(outcome.result!.id)?.public).toBe(true);
  });

  it('updates content and description, renames, adds and deletes files in one edit', async () => {
    const created = await create({
      description: 'v1',
      files: { 'keep.md': 'one', 'rename-me.txt': 'two', 'drop.txt': 'three' },
    });
    const id = created.result!.id;

    const outcome = await update({
      gist_id: id,
      description: 'v2',
      files: {
        'keep.md': 'one, edited',
        'rename-me.txt': { filename: 'renamed.txt' },
        'drop.txt': null,
        'new.txt': 'four',
      },
    });

    expect(outcome.ok).toBe(true);
    expect(gh.emulator.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/gists/${id}`,
      body: {
        description: 'v2',
        files: {
          'keep.md': { content: 'one, edited' },
          'rename-me.txt': { filename: 'renamed.txt' },
          'drop.txt': null,
          'new.txt': { content: 'four' },
        },
      },
    });
    expect(outcome.result?.description).toBe('v2');
    expect(Object.keys(outcome.result?.files ?? {})).toEqual(['keep.md', 'new.txt', 'renamed.txt']);
    expect(outcome.result?.files['renamed.txt'].content).toBe('two');
    expect(outcome.result?.files['keep.md'].content).toBe('one, edited');
    expect(outcome.result?.history).toHaveLength(2);
  });

  it('changes only the description when no files are given', async () => {
    const gist = gh.emulator.state.gists.ofUser('octocat', true)[0];
    const files = gist.files.map((file) => ({ ...file }));
    const outcome = await update({ gist_id: gist.id, description: 'Renamed' });
    expect(outcome.ok).toBe(true);
    expect(gh.emulator.requests[0].body).toEqual({ description: 'Renamed' });
    expect(gh.emulator.state.gists.get(gist.id)?.files).toEqual(files);
  });

  it("lists the caller's own gists, secret ones included, newest first, without content", async () => {
    const outcome = await list({ username: 'octocat' });
    expect(outcome.ok).toBe(true);
    expect(outcome.result?.gists.map((gist) => gist.description)).toEqual([
      'Private scratch notes',
      'Release checklist',
      'Hello World in Markdown',
    ]);
    expect(outcome.result?.gists[1].files['release.sh']).toMatchObject({
      filename: 'release.sh',
      language: 'Shell',
    });
    expect(outcome.result?.gists[1].files['release.sh'].content).toBeUndefined();
  });

  it("lists only another user's public gists", async () => {
    const outcome = await list(
      { username: 'octocat' },
      { account: gh.emulator.accountFor('hubot', HUBOT_TOKEN) },
    );
    expect(outcome.result?.gists.map((gist) => gist.description)).toEqual([
      'Release checklist',
      'Hello World in Markdown',
    ]);
  });

  it('lists gists updated since a time', async () => {
    const outcome = await list({ username: 'octocat', since: '2024-02-01T00:00:00Z' });
    expect(gh.emulator.requests[0].query).toMatchObject({ since: '2024-02-01T00:00:00Z' });
    expect(outcome.result?.gists.map((gist) => gist.description)).toEqual([
      'Private scratch notes',
      'Release checklist',
    ]);
  });

  it('pages: one page with next_page, or all pages up to a limit', async () => {
    const first = await list({ username: 'octocat', per_page: 1 });
    expect(first.result?.gists).toHaveLength(1);
    expect(first.result?.next_page).toBe(2);

    const all = await list({ username: 'octocat', per_page: 1, all: true });
    expect(all.result?.gists).toHaveLength(3);
    expect(all.result?.next_page).toBeUndefined();

    gh.emulator.reset();
    const limited = await list({ username: 'octocat', per_page: 1, all: true, limit: 2 });
    expect(limited.result?.gists.map((gist) => gist.description)).toEqual([
      'Private scratch notes',
      'Release checklist',
    ]);
    expect(gh.emulator.requests).toHaveLength(2);
  });

  it('fails not_found for an unknown user', async () => {
    const outcome = await list({ username: 'nobody-here' });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });
});
