import { describe, expect, it } from '@jest/globals';
import type { AnyStep } from '@toolsteps/engine';
import { createBranch } from '../../src/steps/create-branch.js';
import { createOrUpdateFile } from '../../src/steps/create-or-update-file.js';
import { createRepository } from '../../src/steps/create-repository.js';
import { getCommit } from '../../src/steps/get-commit.js';
import { getRepository } from '../../src/steps/get-repository.js';
import { getRepositoryContent } from '../../src/steps/get-repository-content.js';
import { listCommits } from '../../src/steps/list-commits.js';
import { starRepo } from '../../src/steps/star-repo.js';
import { DEMO_REPO, DEMO_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

describe('bad input to the repository steps', () => {
  const gh = useGithubEmulator();

  /** Runs a step and checks that it failed without sending anything. */
  async function refusedBeforeSending(step: AnyStep, input: Record<string, unknown>) {
    const outcome = await gh.run(step, input);
    expect(outcome.ok).toBe(false);
    expect(outcome.exchanges).toEqual([]);
    expect(gh.emulator.requests).toEqual([]);
    return outcome.error!;
  }

  it.each([
    { step: createRepository, input: {}, field: 'name' },
    { step: getRepository, input: { owner: 'octo-org' }, field: 'repo' },
    { step: getRepositoryContent, input: { repo: 'hello-world' }, field: 'owner' },
    { step: starRepo, input: { owner: 'octocat' }, field: 'repo' },
    { step: createBranch, input: { ...DEMO_REPO }, field: 'branch' },
    { step: getCommit, input: { ...DEMO_REPO }, field: 'ref' },
    { step: listCommits, input: { repo: 'hello-world' }, field: 'owner' },
    { step: createOrUpdateFile, input: { ...DEMO_REPO, path: 'a.md', content: 'x' }, field: 'message' },
    { step: createOrUpdateFile, input: { ...DEMO_REPO, path: 'a.md', message: 'x' }, field: 'content' },
  ] as Array<{ step: AnyStep; input: Record<string, unknown>; field: string }>)(
    '$step.id without $field is refused by the schema, naming the field',
    async ({ step, input, field }) => {
      const error = await refusedBeforeSending(step, input);
      expect(error).toMatchObject({ code: 'validation', field: `/steps/0/args/${field}` });
      expect(error.message).toContain(field);
    },
  );

  it.each(['octo-org/hello-world', '..', '.', 'octo?x=1', 'a#b', 'a%2Fb'])(
    'refuses the owner or repo %p, which would change the route',
    async (value) => {
      for (const field of ['owner', 'repo']) {
        const error = await refusedBeforeSending(getRepository, { ...DEMO_REPO, [field]: value });
        expect(error).toMatchObject({ code: 'validation', field: `/steps/0/args/${field}` });
        expect(error.message).toContain(
          `args/${field} must be one path segment: no "/", "?", "#", "%" or spaces, and not "." or ".."`,
        );
      }
    },
  );

  it.each([
    '../secret-plans/README.md',
    'docs/../../x',
    '/etc/passwd',
    'docs//guide.md',
    'a?ref=main',
    'docs/./guide.md',
  ])('refuses the file path %p before sending', async (path) => {
    const read = await refusedBeforeSending(getRepositoryContent, { ...DEMO_REPO, path });
    expect(read).toMatchObject({ code: 'validation', field: '/steps/0/args/path' });
    const write = await refusedBeforeSending(createOrUpdateFile, {
      ...DEMO_REPO,
      path,
      content: 'x',
      message: 'x',
    });
    expect(write).toMatchObject({ code: 'validation', field: '/steps/0/args/path' });
  });

  it('refuses a ref, sha or branch with a dot segment or a question mark', async () => {
    for (const ref of ['../main', 'main?x', 'a/../b']) {
      const commit = await refusedBeforeSending(getCommit, { ...DEMO_REPO, ref });
      expect(commit.field).toBe('/steps/0/args/ref');
      const branch = await refusedBeforeSending(createBranch, { ...DEMO_REPO, branch: ref });
      expect(branch.field).toBe('/steps/0/args/branch');
      const from = await refusedBeforeSending(createBranch, { ...DEMO_REPO, branch: 'ok', from: ref });
      expect(from.field).toBe('/steps/0/args/from');
      const listed = await refusedBeforeSending(listCommits, { ...DEMO_REPO, sha: ref });
      expect(listed.field).toBe('/steps/0/args/sha');
      const read = await refusedBeforeSending(getRepositoryContent, { ...DEMO_REPO, ref });
      expect(read.field).toBe('/steps/0/args/ref');
      const write = await refusedBeforeSending(createOrUpdateFile, {
        ...DEMO_REPO,
        path: 'a.md',
        content: 'x',
        message: 'x',
        branch: ref,
      });
      expect(write.field).toBe('/steps/0/args/branch');
    }
  });

  it('refuses a repository name GitHub would not accept', async () => {
    for (const name of ['has space', 'slash/name', '..']) {
      const error = await refusedBeforeSending(createRepository, { name });
      expect(error.field).toBe('/steps/0/args/name');
    }
  });

  it('refuses a sha that is no 40-hex sha, writing nothing', async () => {
    const error = await refusedBeforeSending(createOrUpdateFile, {
      ...DEMO_REPO,
      path: 'README.md',
      content: 'x',
      message: 'x',
      sha: 'abc',
    });
    expect(error.field).toBe('/steps/0/args/sha');
  });

  it('reports a revoked token as unauthorized without ever showing the token', async () => {
    gh.emulator.revokeToken(DEMO_TOKEN);
    const outcome = await gh.run(getRepository, DEMO_REPO);
    expect(outcome.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(outcome.error?.message).toContain('Bad credentials');
    expect(JSON.stringify(outcome)).not.toContain(DEMO_TOKEN);
    const write = await gh.run(createOrUpdateFile, {
      ...DEMO_REPO,
      path: 'x.md',
      content: 'x',
      message: 'x',
    });
    expect(write.error).toMatchObject({ code: 'unauthorized' });
    expect(write.exchanges).toHaveLength(1);
    expect(JSON.stringify(write)).not.toContain(DEMO_TOKEN);
  });
});
