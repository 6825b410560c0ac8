import { Hono } from '@toolsteps/emulator';
import type { StateRef } from '../github-route-module.js';
import { GithubApiError } from '../shared/github-api-error.js';
import { registerApplicationRoutes } from './application-endpoints.js';
import { registerAuthorizeRoute } from './authorize-endpoint.js';
import { registerDeviceRoutes } from './device-endpoints.js';
import type { OAuthApp } from './oauth-app.js';
import { registerTokenRoute } from './token-endpoint.js';

/**
 * GitHub's OAuth flows for the app given: the web pages and endpoints of github.com (`/login/…`,
 * never under `/api/v3`) and the REST routes an app manages tokens with (`/applications/…`, at both
 * API roots). Registered before the API, whose middleware would ask them for a user's token. A
 * browser is signed in as `defaultLogin` unless the request's `login` names another seeded user.
 */
export function registerOAuthRoutes(root: Hono, state: StateRef, app: OAuthApp, defaultLogin: string): void {
  const web = new Hono();
  web.onError((error, c) =>
    c.json({ error: 'server_error', error_description: `Emulator error: ${error.message}` }, 500),
  );
  registerAuthorizeRoute(web, state, app, defaultLogin);
  registerTokenRoute(web, state, app);
  registerDeviceRoutes(web, state, app, defaultLogin);

  const api = new Hono();
  api.onError((error, c) => {
    if (error instanceof GithubApiError) return c.json(error.body(), error.status as 400, error.headers);
    return c.json({ message: `Emulator error: ${error.message}`, status: '500' }, 500);
  });
  registerApplicationRoutes(api, state, app);

  root.route('/', web);
  root.route('/api/v3', api);
  root.route('/', api);
}
