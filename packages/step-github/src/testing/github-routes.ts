import { type Context, Hono } from '@toolsteps/engine/testing';
import { registerActionsRoutes } from './actions-routes.js';
import { registerGistRoutes } from './gist-routes.js';
import { GithubApiError } from './github-api-error.js';
import { authenticate, callerOf, isRemembered, rememberCaller } from './github-caller.js';
import type { QuotaResource } from './github-quota.js';
import type { GithubState } from './github-state.js';
import { apiBase, htmlBase } from './github-urls.js';
import { registerIssueDomain } from './issue-domain.js';
import { registerProjectsGraphql } from './projects-graphql.js';
import { registerReleaseRoutes } from './release-routes.js';
import { registerRepositoryDomain } from './repository-domain.js';

/** The current state: `resetState` replaces it, so routes look it up per request. */
export type StateRef = () => GithubState;

/** Registers one domain's routes (paths as GitHub documents them, without any prefix). */
export type RouteModule = (api: Hono, state: StateRef) => void;

/** Each domain adds its REST routes here. */
const REST_MODULES: RouteModule[] = [
  registerRepositoryDomain,
  registerIssueDomain,
  registerActionsRoutes,
  registerGistRoutes,
  registerReleaseRoutes,
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
    const caller = authenticate(state(), c.req.header('authorization'));
    rememberCaller(c, caller);
    const resource = resourceOf(c);
    const headers = resource === undefined ? {} : state().quotas.consume(caller.login, resource);
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

/** GitHub's "simple user" shape. */
export function accountJson(
  c: Context,
  account: { id: number; node_id: string; login: string; type: string },
) {
  const url = `${apiBase(c)}/users/${account.login}`;
  return {
    login: account.login,
    id: account.id,
    node_id: account.node_id,
    avatar_url: `https://avatars.githubusercontent.com/u/${account.id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${htmlBase(c)}/${account.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: account.type,
    site_admin: false,
  };
}
