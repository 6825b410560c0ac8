import type { Context, Hono } from '@toolsteps/emulator';
import type { StateRef } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { GithubApiError, notFound, validationFailed } from '../shared/github-api-error.js';
import { callerOf } from '../shared/github-caller.js';
import type { GithubAccount, Repository } from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { type JsonObject, optional, queryParam, readJson, requireString } from '../shared/github-request.js';
import { isValidName, visibleRepo } from '../shared/repository-lookup.js';
import { fullRepositoryJson, repositoryJson } from './repository-json.js';
import { emitRepositoryCreated, emitStar } from './webhook-repository-events.js';

/** Repositories: create for the user or an organization, read one, list the caller's, and stars. */
export function registerRepositoryRoutes(api: Hono, state: StateRef): void {
  api.post('/user/repos', async (c) => {
    const caller = callerOf(c);
    const repo = createRepository(state(), caller, caller, await readJson(c));
    emitRepositoryCreated(c, state(), repo);
    return c.json(fullRepositoryJson(c, state(), repo, caller.login), 201);
  });

  api.post('/orgs/:org/repos', async (c) => {
    const caller = callerOf(c);
    const org = state().account(c.req.param('org'));
    if (org === undefined || org.type !== 'Organization') throw notFound();
    if (!org.members?.some((member) => member.toLowerCase() === caller.login.toLowerCase())) {
      throw new GithubApiError(
        403,
        'You need admin access to the organization before adding a repository to it.',
      );
    }
    const repo = createRepository(state(), org, caller, await readJson(c));
    emitRepositoryCreated(c, state(), repo);
    return c.json(fullRepositoryJson(c, state(), repo, caller.login), 201);
  });

  api.get('/repos/:owner/:repo', (c) =>
    c.json(fullRepositoryJson(c, state(), visibleRepo(c, state()), callerOf(c).login)),
  );

  api.get('/user/repos', (c) => {
    const login = callerOf(c).login;
    const repos = [...state().repositories.values()].filter((repo) => chosen(c, state(), repo, login));
    const page = paginate(c, sortRepositories(c, repos));
    return c.json(page.map((repo) => repositoryJson(c, state(), repo, login)));
  });

  api.put('/user/starred/:owner/:repo', (c) => {
    const repo = visibleRepo(c, state());
    const login = callerOf(c).login.toLowerCase();
    if (!repo.stargazers.has(login)) {
      repo.stargazers.add(login);
      emitStar(c, state(), repo, 'created');
    }
    return c.body(null, 204);
  });
  api.get('/user/starred/:owner/:repo', (c) => {
    const starred = visibleRepo(c, state()).stargazers.has(callerOf(c).login.toLowerCase());
    if (!starred) throw notFound();
    return c.body(null, 204);
  });
  api.delete('/user/starred/:owner/:repo', (c) => {
    const repo = visibleRepo(c, state());
    if (repo.stargazers.delete(callerOf(c).login.toLowerCase())) emitStar(c, state(), repo, 'deleted');
    return c.body(null, 204);
  });
}

const INVALID_NAME = 'name can only contain ASCII letters, digits, and the characters ., -, and _';
const VISIBILITIES = ['public', 'private', 'internal'];

/** POST /user/repos and /orgs/{org}/repos; `auto_init` commits a README.md to the default branch. */
function createRepository(
  state: GithubState,
  owner: GithubAccount,
  caller: GithubAccount,
  body: JsonObject,
): Repository {
  const name = requireString(body, 'name', 'Repository');
  if (!isValidName(name)) {
    throw new GithubApiError(422, 'Repository creation failed.', [
      { resource: 'Repository', code: 'custom', field: 'name', message: INVALID_NAME },
    ]);
  }
  const visibility = optional<string>(body, 'visibility', 'string', 'Repository');
  if (visibility !== undefined && !VISIBILITIES.includes(visibility)) {
    throw validationFailed({
      resource: 'Repository',
      code: 'invalid',
      field: 'visibility',
      message: `visibility must be one of ${VISIBILITIES.join(', ')}`,
    });
  }
  const description = optional<string>(body, 'description', 'string', 'Repository') ?? null;
  const homepage = optional<string>(body, 'homepage', 'string', 'Repository');
  const autoInit = optional<boolean>(body, 'auto_init', 'boolean', 'Repository') ?? false;
  const repo = state.addRepository({
    owner: owner.login,
    name,
    description,
    homepage: homepage === undefined || homepage === '' ? null : homepage,
    private:
      visibility === undefined
        ? (optional<boolean>(body, 'private', 'boolean', 'Repository') ?? false)
        : visibility !== 'public',
    has_issues: optional<boolean>(body, 'has_issues', 'boolean', 'Repository') ?? true,
  });
  if (autoInit) {
    state.git.writeCommit(`${owner.login}/${name}`.toLowerCase(), {
      branch: repo.default_branch,
      changes: { 'README.md': `# ${name}\n${description === null ? '' : `${description}\n`}` },
      message: 'Initial commit',
      author: { name: caller.name, email: caller.email ?? `${caller.login}@users.noreply.github.com` },
    });
  }
  return repo;
}

/** GET /user/repos filters: `visibility` and `affiliation` (owner, collaborator, organization_member). */
function chosen(c: Context, state: GithubState, repo: Repository, login: string): boolean {
  const visibility = queryParam(c, 'visibility') ?? 'all';
  if (visibility === 'public' && repo.private) return false;
  if (visibility === 'private' && !repo.private) return false;
  const affiliations = (queryParam(c, 'affiliation') ?? 'owner,collaborator,organization_member').split(',');
  const lower = login.toLowerCase();
  const owner = state.account(repo.owner);
  return (
    (affiliations.includes('owner') && repo.owner.toLowerCase() === lower) ||
    (affiliations.includes('collaborator') && repo.collaborators.has(lower)) ||
    (affiliations.includes('organization_member') &&
      owner?.members?.some((member) => member.toLowerCase() === lower) === true)
  );
}

/** `sort` (full_name, created, updated, pushed) and `direction`: ascending by name, else newest first. */
function sortRepositories(c: Context, repos: Repository[]): Repository[] {
  const sort = queryParam(c, 'sort') ?? 'full_name';
  const direction = queryParam(c, 'direction') ?? (sort === 'full_name' ? 'asc' : 'desc');
  const key = (repo: Repository): string => {
    if (sort === 'created') return repo.created_at;
    if (sort === 'updated') return repo.updated_at;
    if (sort === 'pushed') return repo.pushed_at;
    return `${repo.owner}/${repo.name}`.toLowerCase();
  };
  const sorted = [...repos].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return direction === 'desc' ? sorted.reverse() : sorted;
}
