import { describe, expect, it } from '@jest/globals';
import type { HttpExchange, HttpMethod } from '@toolsteps/engine';
import { createBranch } from '../../src/steps/create-branch.js';
import { createOrUpdateFile } from '../../src/steps/create-or-update-file.js';
import { createRepository } from '../../src/steps/create-repository.js';
import { getCommit } from '../../src/steps/get-commit.js';
import { getRepository } from '../../src/steps/get-repository.js';
import { getRepositoryContent } from '../../src/steps/get-repository-content.js';
import { listCommits } from '../../src/steps/list-commits.js';
import { starRepo } from '../../src/steps/star-repo.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import { GithubOpenApi } from '../fidelity/github-openapi.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from './github-http.js';

const REPO = '/repos/octo-org/hello-world';

/**
 * The one answer the description cannot judge: the root listing (GitHub serves `contents` without a
 * path, the description only has `contents/{path}`).
 */
function describable(exchange: HttpExchange): boolean {
  const path = exchange.path.split('?')[0];
  return !(exchange.method === 'GET' && /^\/repos\/[^/]+\/[^/]+\/contents$/.test(path));
}

/** Every request the repository steps send, and every answer of the domain's routes, against GitHub's OpenAPI. */
describe("the repository steps and routes match GitHub's OpenAPI description", () => {
  const gh = useGithubEmulator();
  const openApi = new GithubOpenApi();

  const problemsOf = (exchanges: HttpExchange[]) =>
    exchanges.filter(describable).flatMap((exchange) => {
      const problems = [...openApi.checkRequest(exchange).problems, ...openApi.checkResponse(exchange)];
      return problems.map((problem) => `${exchange.method} ${exchange.path} ${exchange.status}: ${problem}`);
    });

  it('steps: happy paths and refusals', async () => {
    const runs = [
      await gh.run(createRepository, { name: 'shapes', auto_init: true, homepage: 'https://example.com' }),
      await gh.run(createRepository, { org: 'octo-org', name: 'hello-world' }),
      await gh.run(getRepository, DEMO_REPO),
      await gh.run(getRepositoryContent, { ...DEMO_REPO, path: 'README.md' }),
      await gh.run(getRepositoryContent, { ...DEMO_REPO, path: 'docs', ref: 'v1.0.0' }),
      await gh.run(getRepositoryContent, { ...DEMO_REPO, path: 'nothing-here' }),
      await gh.run(starRepo, DEMO_REPO),
      await gh.run(createBranch, { ...DEMO_REPO, branch: 'shapes', from: 'v1.0.0' }),
      await gh.run(createBranch, { ...DEMO_REPO, branch: 'shapes', from: 'nowhere' }),
      await gh.run(getCommit, { ...DEMO_REPO, ref: 'feature/login' }),
      await gh.run(getCommit, { ...DEMO_REPO, ref: 'nowhere' }),
      await gh.run(listCommits, {
        ...DEMO_REPO,
        path: 'src',
        author: 'hubot',
        since: '2024-01-01T00:00:00Z',
        per_page: 1,
      }),
      await gh.run(createOrUpdateFile, { ...DEMO_REPO, path: 'new.md', content: 'new', message: 'Add' }),
      await gh.run(createOrUpdateFile, { ...DEMO_REPO, path: 'new.md', content: 'newer', message: 'Edit' }),
      await gh.run(createOrUpdateFile, {
        ...DEMO_REPO,
        path: 'new.md',
        content: 'x',
        message: 'x',
        sha: 'a'.repeat(40),
      }),
    ];
    expect(runs.flatMap((run) => run.exchanges)).toHaveLength(21);
    expect(problemsOf(runs.flatMap((run) => run.exchanges))).toEqual([]);
  });

  it('routes no step uses: collaborators, branches, refs, stars, contents deletes, repository lists', async () => {
    const calls: Array<[HttpMethod, string, unknown?]> = [
      ['PUT', `${REPO}/collaborators/mona`, { permission: 'triage' }],
      ['PUT', `${REPO}/collaborators/mona`, { permission: 'push' }],
      ['PUT', `${REPO}/collaborators/mona`, { permission: 'owner' }],
      ['GET', `${REPO}/collaborators`],
      ['GET', `${REPO}/collaborators/mona`],
      ['GET', `${REPO}/collaborators/mona/permission`],
      ['DELETE', `${REPO}/collaborators/mona`],
      ['GET', `${REPO}/branches`],
      ['GET', `${REPO}/branches/feature/login`],
      ['GET', `${REPO}/git/ref/tags/v1.0.0`],
      ['GET', `${REPO}/git/matching-refs/heads`],
      ['POST', `${REPO}/git/refs`, { ref: 'refs/heads/x', sha: '0'.repeat(40) }],
      ['DELETE', `${REPO}/git/refs/heads/feature/login`],
      ['GET', `${REPO}/contents`],
      ['GET', '/user/starred/octo-org/hello-world'],
      ['DELETE', '/user/starred/octo-org/hello-world'],
      ['GET', '/user/repos'],
      ['POST', '/user/repos', { name: 'bad name' }],
    ];
    const exchanges: HttpExchange[] = [];
    for (const [method, path, body] of calls) {
      const answer = await githubHttp(gh.emulator, method, path, { body });
      exchanges.push({
        method,
        path,
        requestHeaders: {},
        requestBody: body,
        status: answer.status,
        responseBody: answer.body,
        attempt: 1,
        durationMs: 0,
      });
    }
    const readme = await githubHttp(gh.emulator, 'GET', `${REPO}/contents/README.md`);
    const remove = { message: 'Remove', sha: readme.body.sha };
    const removed = await githubHttp(gh.emulator, 'DELETE', `${REPO}/contents/README.md`, { body: remove });
    exchanges.push({
      method: 'DELETE',
      path: `${REPO}/contents/README.md`,
      requestHeaders: {},
      requestBody: remove,
      status: removed.status,
      responseBody: removed.body,
      attempt: 1,
      durationMs: 0,
    });
    expect(exchanges.map(({ status }) => status)).toEqual([
      201, 204, 422, 200, 204, 200, 204, 200, 200, 200, 200, 422, 204, 200, 404, 204, 200, 422, 200,
    ]);
    expect(problemsOf(exchanges)).toEqual([]);
  });
});
