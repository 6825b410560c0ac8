import type { Hono } from '@toolsteps/emulator';
import type { StateRef } from '../github-route-module.js';
import { exchangeCode } from './code-exchange.js';
import { DEVICE_GRANT_TYPE, pollDevice } from './device-poll.js';
import { type OAuthApp, secretMatches } from './oauth-app.js';
import { BAD_REFRESH_TOKEN, INCORRECT_CLIENT_CREDENTIALS, UNSUPPORTED_GRANT_TYPE } from './oauth-errors.js';
import { type OAuthParams, readOAuthParams, UnreadableParams } from './oauth-params.js';
import { clientNotFound, tokenAnswer } from './token-answer.js';

/**
 * `POST /login/oauth/access_token`: a web flow's code, or a device flow's poll, for a token. Refusals
 * are answered 200 with an `error` field, as GitHub does (only an unknown client is a 404).
 */
export function registerTokenRoute(web: Hono, state: StateRef, app: OAuthApp): void {
  web.post('/login/oauth/access_token', async (c) => {
    let params: OAuthParams;
    try {
      params = await readOAuthParams(c);
    } catch (error) {
      if (!(error instanceof UnreadableParams)) throw error;
      return tokenAnswer(c, { error: 'invalid_request', error_description: error.message }, 400);
    }
    const { oauth } = state();
    const grantType = params.grant_type;
    if (grantType === DEVICE_GRANT_TYPE) {
      const answer = pollDevice(oauth, app, params);
      return answer === undefined ? clientNotFound(c) : tokenAnswer(c, answer);
    }
    if (params.client_id !== app.clientId) return clientNotFound(c);
    if (grantType === 'refresh_token') {
      // The demo app's tokens do not expire, so it hands out no refresh token to come back with.
      const secretOk = secretMatches(app, params.client_secret);
      return tokenAnswer(c, secretOk ? BAD_REFRESH_TOKEN : INCORRECT_CLIENT_CREDENTIALS);
    }
    const polling = params.code === undefined && params.device_code !== undefined;
    if ((grantType !== undefined && grantType !== 'authorization_code') || polling) {
      return tokenAnswer(c, UNSUPPORTED_GRANT_TYPE);
    }
    return tokenAnswer(c, exchangeCode(oauth, app, params));
  });
}
