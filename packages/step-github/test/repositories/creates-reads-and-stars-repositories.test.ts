import { describe, expect, it } from '@jest/globals';
import { createRepository } from '../../src/steps/create-repository.js';
import { getRepository } from '../../src/steps/get-repository.js';
import { getRepositoryContent } from '../../src/steps/get-repository-content.js';
import { starRepo } from '../../src/steps/star-repo.js';
import { DEMO_REPO, HUBOT_TOKEN, MONA_TOKEN, PRIVATE_REPO, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from './github-http.js';

type Json = any;

describe('repositories: create, read and star', () => {
  const gh = useGithubEmulator();

  it('creates a repository for the user, empty until a first commit', async () => {
    const outcome = await gh.run<Json>(createRepository, {
      name: 'notes',
      description: 'My notes',
      private: true,
    });
    expect(outcome.ok).toBe(true);
    expect(outcome.result).toMatchObject({
      name: 'notes',
      full_name: 'octocat/notes',
      owner: { login: 'octocat', type: 'User' },
      private: true,
      visibility: 'private',
      description: 'My notes',
      default_branch: 'main',
      permissions: { admin: true, push: true, pull: true },
    });
    expect(outcome.exchanges[0]).toMatchObject({ method: 'POST', path: '/user/repos', status: 201 });
    expect(gh.emulator.state.git.isEmpty(repoKey('octocat', 'notes'))).toBe(true);
    const read = await gh.run(getRepositoryContent, { owner: 'octocat', repo: 'notes' });
    expect(read.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(read.error?.message).toContain('This repository is empty.');
  });

  it('creates an organization repository with auto_init, which commits a README', async () => {
    const outcome = await gh.run<Json>(createRepository, {
      org: 'octo-org',
      name: 'docs-site',
      description: 'The docs',
      auto_init: true,
    });
    expect(outcome.result).toMatchObject({
      full_name: 'octo-org/docs-site',
      organization: { login: 'octo-org' },
    });
    expect(outcome.exchanges[0]).toMatchObject({ method: 'POST', path: '/orgs/octo-org/repos', status: 201 });
    const readme = await gh.run<Json>(getRepositoryContent, {
      owner: 'octo-org',
      repo: 'docs-site',
      path: 'README.md',
    });
    expect(readme.result.file.text).toBe('# docs-site\nThe docs\n');
  });

  it("refuses a repository in an organization the account is no member of, or one that doesn't exist", async () => {
    const hubot = gh.emulator.accountFor('hubot', HUBOT_TOKEN);
    const outsider = await gh.run(createRepository, { org: 'octo-org', name: 'sneaky' }, { account: hubot });
    expect(outsider.error).toMatchObject({ code: 'forbidden', status: 403 });
    const unknown = await gh.run(createRepository, { org: 'no-such-org', name: 'x' });
    expect(unknown.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(gh.emulator.state.repository('octo-org', 'sneaky')).toBeUndefined();
  });

  it("surfaces GitHub's message for a name that already exists, changing nothing", async () => {
    const before = gh.emulator.state.repository(DEMO_REPO.owner, DEMO_REPO.repo);
    const count = gh.emulator.state.repositories.size;
    const outcome = await gh.run(createRepository, { org: 'octo-org', name: 'Hello-World' });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('name already exists on this account');
    expect(gh.emulator.state.repository(DEMO_REPO.owner, DEMO_REPO.repo)).toBe(before);
    expect(gh.emulator.state.repositories.size).toBe(count);
  });

  it('reads a repository with the caller’s own permissions', async () => {
    const owner = await gh.run<Json>(getRepository, DEMO_REPO);
    expect(owner.result).toMatchObject({
      full_name: 'octo-org/hello-world',
      default_branch: 'main',
      stargazers_count: 1,
      permissions: { admin: true, push: true, pull: true },
    });
    expect(owner.result.url).toBe(`${gh.emulator.baseUrl}/repos/octo-org/hello-world`);
    const mona = await gh.run<Json>(getRepository, DEMO_REPO, {
      account: gh.emulator.accountFor('mona', MONA_TOKEN),
    });
    expect(mona.result.permissions).toMatchObject({ admin: false, push: false, pull: true });
  });

  it('hides a private repository from a user without access (404, not 403)', async () => {
    const mona = gh.emulator.accountFor('mona', MONA_TOKEN);
    const outcome = await gh.run(getRepository, PRIVATE_REPO, { account: mona });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
    expect((await gh.run(getRepository, PRIVATE_REPO)).ok).toBe(true);
  });

  it('reads a repository through a GitHub Enterprise Server address', async () => {
    const outcome = await gh.run<Json>(getRepository, DEMO_REPO, { account: gh.emulator.enterpriseAccount });
    expect(outcome.ok).toBe(true);
    expect(outcome.result.url).toBe(`${gh.emulator.baseUrl}/api/v3/repos/octo-org/hello-world`);
    expect(gh.emulator.requests.at(-1)?.path).toBe('/api/v3/repos/octo-org/hello-world');
  });

  it('stars a repository once, however often it is asked', async () => {
    const first = await gh.run<Json>(starRepo, { owner: 'octocat', repo: 'spoon-knife' });
    expect(first.result).toEqual({ owner: 'octocat', repo: 'spoon-knife', starred: true });
    expect(first.exchanges[0]).toMatchObject({
      method: 'PUT',
      path: '/user/starred/octocat/spoon-knife',
      status: 204,
    });
    await gh.run(starRepo, { owner: 'octocat', repo: 'spoon-knife' });
    const repo = await gh.run<Json>(getRepository, { owner: 'octocat', repo: 'spoon-knife' });
    expect(repo.result.stargazers_count).toBe(1);
    expect((await githubHttp(gh.emulator, 'GET', '/user/starred/octocat/spoon-knife')).status).toBe(204);
    expect((await githubHttp(gh.emulator, 'DELETE', '/user/starred/octocat/spoon-knife')).status).toBe(204);
    expect((await githubHttp(gh.emulator, 'GET', '/user/starred/octocat/spoon-knife')).status).toBe(404);
  });

  it('cannot star a repository the account cannot see', async () => {
    const mona = gh.emulator.accountFor('mona', MONA_TOKEN);
    const outcome = await gh.run(starRepo, PRIVATE_REPO, { account: mona });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(gh.emulator.state.repository(PRIVATE_REPO.owner, PRIVATE_REPO.repo)?.stargazers.size).toBe(0);
  });
});
