import { describe, expect, it } from '@jest/globals';
import { createGist } from '../../src/steps/create-gist.js';
import { listGistsForUser } from '../../src/steps/list-gists-for-user.js';
import { updateGist } from '../../src/steps/update-gist.js';
import { DEMO_TOKEN, type GistRecord } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

describe('gist steps refuse bad input with a clear error and change nothing', () => {
  const gh = useGithubEmulator();
  const snapshot = (gist: GistRecord | undefined) => JSON.parse(JSON.stringify(gist ?? null));
  const hubotsGist = () => gh.emulator.state.gists.ofUser('hubot', true)[0];
  const octocatsGist = () => gh.emulator.state.gists.ofUser('octocat', true)[0];
  const gistCount = () => gh.emulator.state.gists.ofUser('octocat', true).length;

  it("fails not_found updating someone else's gist, which stays unchanged", async () => {
    const before = snapshot(hubotsGist());
    const outcome = await gh.run(updateGist, {
      gist_id: hubotsGist().id,
      description: 'hijacked',
      files: { 'greet.js': 'nope' },
    });

    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(snapshot(hubotsGist())).toEqual(before);
  });

  it('fails not_found for a gist id that does not exist', async () => {
    const outcome = await gh.run(updateGist, { gist_id: 'deadbeef', description: 'x' });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('fails validation deleting a file the gist does not have, applying none of the edit', async () => {
    const gist = octocatsGist();
    const before = snapshot(gist);
    const outcome = await gh.run(updateGist, {
      gist_id: gist.id,
      description: 'changed',
      files: { 'ghost.txt': null },
    });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('There is no file named "ghost.txt" to delete');
    expect(snapshot(gh.emulator.state.gists.get(gist.id))).toEqual(before);
  });

  it('fails validation renaming a file onto an existing name, applying none of the edit', async () => {
    const gist = gh.emulator.state.gists
      .ofUser('octocat', true)
      .find((candidate) => candidate.files.length === 2)!;
    const before = snapshot(gist);
    const outcome = await gh.run(updateGist, {
      gist_id: gist.id,
      description: 'changed',
      files: { 'release.sh': { filename: 'checklist.md' } },
    });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('A file named "checklist.md" already exists');
    expect(snapshot(gh.emulator.state.gists.get(gist.id))).toEqual(before);
  });

  it('fails validation deleting the last file of a gist', async () => {
    const gist = gh.emulator.state.gists
      .ofUser('octocat', true)
      .find((candidate) => candidate.files.length === 1)!;
    const before = snapshot(gist);
    const only = gist.files[0].filename;
    const outcome = await gh.run(updateGist, { gist_id: gist.id, files: { [only]: null } });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('A gist must keep at least one file');
    expect(snapshot(gh.emulator.state.gists.get(gist.id))).toEqual(before);
  });

  it('fails unauthorized once the token is revoked, creating nothing', async () => {
    const before = gistCount();
    gh.emulator.revokeToken(DEMO_TOKEN);
    const outcome = await gh.run(createGist, { files: { 'a.txt': 'x' } });
    expect(outcome.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(JSON.stringify(outcome)).not.toContain(DEMO_TOKEN);
    expect(gistCount()).toBe(before);
  });

  describe('before sending anything', () => {
    async function refusedBeforeSending(
      step: typeof createGist | typeof updateGist | typeof listGistsForUser,
      input: Record<string, unknown>,
    ) {
      const before = gistCount();
      const outcome = await gh.run(step, input);
      expect(outcome.ok).toBe(false);
      expect(outcome.error?.code).toBe('validation');
      expect(gh.emulator.requests).toHaveLength(0);
      expect(gistCount()).toBe(before);
      return outcome.error!;
    }

    it('names the missing files of a new gist', async () => {
      const error = await refusedBeforeSending(createGist, { description: 'empty' });
      expect(error.message).toContain('"files"');
    });

    it('refuses a new gist without any file, or with a blank one', async () => {
      expect((await refusedBeforeSending(createGist, { files: {} })).field).toBe('/steps/0/args/files');
      expect((await refusedBeforeSending(createGist, { files: { 'a.txt': '' } })).field).toBe(
        '/steps/0/args/files/a.txt',
      );
    });

    it('refuses a file name with a slash', async () => {
      const error = await refusedBeforeSending(createGist, { files: { 'dir/a.txt': 'x' } });
      expect(error.field).toContain('/steps/0/args/files');
    });

    it('names the missing gist_id of an update', async () => {
      const error = await refusedBeforeSending(updateGist, { description: 'x' });
      expect(error.message).toContain('"gist_id"');
    });

    it('refuses an update with nothing to change', async () => {
      const error = await refusedBeforeSending(updateGist, { gist_id: octocatsGist().id });
      expect(error.message).toContain('Nothing to change: give description, files, or both');
    });

    it.each(['../gists', 'abc?x=1', 'abc/def', '..'])('refuses the gist id %j', async (gistId) => {
      const error = await refusedBeforeSending(updateGist, { gist_id: gistId, description: 'x' });
      expect(error.field).toBe('/steps/0/args/gist_id');
    });

    it.each(['octocat/..', '..', 'octocat?x=1'])('refuses the username %j', async (username) => {
      const error = await refusedBeforeSending(listGistsForUser, { username });
      expect(error.field).toBe('/steps/0/args/username');
    });
  });
});
