import { type Context, Hono } from '@toolsteps/emulator';
import { registerActionsRoutes } from './actions/actions-routes.js';
import { registerContentsRoutes } from './contents/contents-routes.js';
import { registerGistRoutes } from './gists/gist-routes.js';
import { registerCommitRoutes } from './git/commit-routes.js';
import { registerGitRoutes } from './git/git-routes.js';
import type { RouteModule, StateRef } from './github-route-module.js';
import { registerHookRoutes } from './hooks/hook-routes.js';
import { assigneeRoutes } from './issues/assignee-routes.js';
import { commentRoutes } from './issues/comment-routes.js';
import { issueRoutes } from './issues/issue-routes.js';
import { labelRoutes } from './issues/label-routes.js';
import { oauthTokenHeaders } from './oauth/oauth-scopes.js';
import { registerProjectsGraphql } from './projects/projects-graphql.js';
import { pullRoutes } from './pulls/pull-routes.js';
import { reviewRoutes } from './pulls/review-routes.js';
import { registerReleaseRoutes } from './releases/release-routes.js';
import { registerCollaboratorRoutes } from './repositories/collaborator-routes.js';
import { registerRepositoryRoutes } from './repositories/repository-routes.js';
import { searchRoutes } from './search/search-routes.js';
import { accountJson } from './shared/account-json.js';
import { GithubApiError } from './shared/github-api-error.js';
import { authenticate, callerOf, isRemembered, rememberCaller } from './shared/github-caller.js';
import type { QuotaResource } from './shared/github-quota.js';

/** Each domain adds its REST routes here. */
const REST_MODULES: RouteModule[] = [
  // Repositories and their git data: repositories, stars, collaborators, branches, refs, commits, contents.
  registerRepositoryRoutes,
  registerCollaboratorRoutes,
  registerGitRoutes,
  registerCommitRoutes,
  registerContentsRoutes,
  // Issues, their labels, assignees and comments; issue search; pull requests and their reviews.
  issueRoutes,
  labelRoutes,
  assigneeRoutes,
  commentRoutes,
  searchRoutes,
  pullRoutes,
  reviewRoutes,
  registerActionsRoutes,
  registerGistRoutes,
  registerReleaseRoutes,
  registerHookRoutes,
];
/** And its GraphQL handling here (a module registers `POST /graphql` operations). */
const GRAPHQL_MODULES: RouteModule[] = [registerProjectsGraphql];

/**
 * The REST API at `/` (like api.github.com) and at `/api/v3` (like GitHub Enterprise Server), GraphQL
 * at `/graphql` and `/api/graphql`. Every call is authenticated and counted against its quota.
 */
export function registerGithubRoutes(app: Hono, state: StateRef): void {
  const rest = apiApp(state);
  rest.get('/user', (c) => c.json(accountJson(c, callerOf(c))));
  rest.get('/users/:username', (c) => {
    const account = state().account(c.req.param('username'));
    if (account === undefined) throw new GithubApiError(404, 'Not Found');
    return c.json(accountJson(c, account));
  });
  rest.get('/rate_limit', (c) => {
    const resources = state().quotas.snapshot(callerOf(c).login);
    return c.json({ resources, rate: resources.core });
  });
  for (const register of REST_MODULES) register(rest, state);

  const graphql = apiApp(state);
  for (const register of GRAPHQL_MODULES) register(graphql, state);

  // Anything no route knows is GitHub's plain 404.
  app.notFound((c) => c.json(new GithubApiError(404, 'Not Found').body(), 404));
  app.route('/api/v3', rest);
  app.route('/api', graphql);
  app.route('/', rest);
  app.route('/', graphql);
}

function apiApp(state: StateRef): Hono {
  const api = new Hono();
  api.onError((error, c) => {
    if (error instanceof GithubApiError) {
      return c.json(error.body(), error.status as 400, error.headers);
    }
    return c.json({ message: `Emulator error: ${error.message}`, status: '500' }, 500);
  });
  api.use('*', async (c, next) => {
    // Mounted at several prefixes, so a request can meet this middleware twice: count it once.
    if (isRemembered(c)) return next();
    const authorization = c.req.header('authorization');
    const caller = authenticate(state(), authorization);
    rememberCaller(c, caller);
    const resource = resourceOf(c);
    const headers = {
      ...(resource === undefined ? {} : state().quotas.consume(caller.login, resource)),
      ...oauthTokenHeaders(state(), authorization),
    };
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
  return api;
}

/** Which quota a call counts against; `/rate_limit` counts against none, as on GitHub. */
function resourceOf(c: Context): QuotaResource | undefined {
  const path = new URL(c.req.url).pathname.replace(/^\/api(\/v3)?/, '');
  if (path === '/rate_limit') return undefined;
  if (path.startsWith('/search/')) return 'search';
  if (path === '/graphql') return 'graphql';
  return 'core';
}
