import type { Context, Hono } from '@toolsteps/emulator';
import type { StateRef } from '../github-route-module.js';
import { GithubApiError, notFound } from '../shared/github-api-error.js';
import { readJson } from '../shared/github-request.js';
import { authorizationJson } from './authorization-json.js';
import { type OAuthApp, secretMatches } from './oauth-app.js';
import { basicCredentials } from './oauth-params.js';
import type { OAuthTokenRecord } from './oauth-tokens-store.js';

/**
 * The REST API an OAuth app manages its users' tokens with, signed with HTTP Basic
 * `client_id:client_secret` (not a token, and counted against no quota): `DELETE
 * /applications/{client_id}/grant` ends the user's authorization and every token of it, `DELETE
 * /applications/{client_id}/token` revokes one token (both 204), `POST /applications/{client_id}/token`
 * checks one (200 with the authorization). Body `{"access_token": …}`; a token that is not a live
 * token of this app is 404, a body without one 422.
 */
export function registerApplicationRoutes(api: Hono, state: StateRef, app: OAuthApp): void {
  api.delete('/applications/:client_id/grant', async (c) => {
    const record = await appTokenOf(c, state, app);
    state().oauth.tokens.revokeGrant(record.clientId, record.login);
    return c.body(null, 204);
  });
  api.delete('/applications/:client_id/token', async (c) => {
    const record = await appTokenOf(c, state, app);
    state().oauth.tokens.revoke(record);
    return c.body(null, 204);
  });
  api.post('/applications/:client_id/token', async (c) => {
    const record = await appTokenOf(c, state, app);
    return c.json(authorizationJson(c, state(), app, record));
  });
}

/** The live token of the app the body names, once the request proves it is the app. */
async function appTokenOf(c: Context, state: StateRef, app: OAuthApp): Promise<OAuthTokenRecord> {
  const basic = basicCredentials(c.req.header('authorization'));
  if (basic === undefined) throw new GithubApiError(401, 'Requires authentication');
  if (basic.user !== app.clientId || !secretMatches(app, basic.password)) {
    throw new GithubApiError(401, 'Bad credentials');
  }
  if (c.req.param('client_id') !== app.clientId) throw notFound();
  const body = await readJson(c);
  const token = body.access_token;
  if (token === undefined || token === null) {
    throw new GithubApiError(422, 'Invalid request.\n\n"access_token" wasn\'t supplied.');
  }
  if (typeof token !== 'string') {
    throw new GithubApiError(
      422,
      `Invalid request.\n\nFor 'properties/access_token', ${JSON.stringify(token)} is not a string.`,
    );
  }
  const record = state().oauth.tokens.find(token);
  if (record === undefined || record.clientId !== app.clientId) throw notFound();
  return record;
}
