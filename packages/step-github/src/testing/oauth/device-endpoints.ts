import type { Hono } from '@toolsteps/emulator';
import type { StateRef } from '../github-route-module.js';
import { queryParam } from '../shared/github-request.js';
import { DEVICE_CODE_LIFETIME_S } from './device-grants-store.js';
import type { OAuthApp } from './oauth-app.js';
import { deviceCodeForm, oauthPage } from './oauth-pages.js';
import { type OAuthParams, readOAuthParams, UnreadableParams } from './oauth-params.js';
import { requestedScopes } from './oauth-scopes.js';
import { clientNotFound, tokenAnswer } from './token-answer.js';
import { userDecision } from './user-decision.js';

/**
 * The device flow's first two steps. `POST /login/device/code` gives a device code, the user code to
 * type and where (`<origin>/login/device`), 900 s to do it and the polling interval. `GET
 * /login/device?user_code=…` is where the user types it: the emulator decides at once (see
 * user-decision.ts), approving as octocat unless told otherwise.
 */
export function registerDeviceRoutes(web: Hono, state: StateRef, app: OAuthApp, defaultLogin: string): void {
  web.post('/login/device/code', async (c) => {
    let params: OAuthParams;
    try {
      params = await readOAuthParams(c);
    } catch (error) {
      if (!(error instanceof UnreadableParams)) throw error;
      return tokenAnswer(c, { error: 'invalid_request', error_description: error.message }, 400);
    }
    if (params.client_id !== app.clientId) return clientNotFound(c);
    const grant = state().oauth.devices.start(
      app.clientId,
      requestedScopes(params.scope),
      app.deviceIntervalS,
    );
    return tokenAnswer(c, {
      device_code: grant.deviceCode,
      user_code: grant.userCode,
      verification_uri: `${new URL(c.req.url).origin}/login/device`,
      expires_in: DEVICE_CODE_LIFETIME_S,
      interval: grant.intervalS,
    });
  });

  web.get('/login/device', (c) => {
    const typed = queryParam(c, 'user_code');
    if (typed === undefined) return deviceCodeForm(c);
    const { oauth } = state();
    const grant = oauth.devices.byUserCode(typed);
    if (grant === undefined || oauth.devices.isExpired(grant)) {
      return oauthPage(
        c,
        404,
        'Incorrect code',
        `The code ${typed} is incorrect or has expired: start again on your device.`,
      );
    }
    if (grant.status !== 'pending') {
      return oauthPage(
        c,
        404,
        'Incorrect code',
        `The code ${typed} has already been used: start again on your device.`,
      );
    }
    const decided = userDecision(c, state(), defaultLogin);
    if (!decided.ok) return decided.refusal;
    if (!decided.approve) {
      grant.status = 'denied';
      return oauthPage(c, 200, 'Access denied', `You cancelled the authorization of ${app.name}.`);
    }
    grant.status = 'approved';
    grant.login = decided.user.login;
    return oauthPage(
      c,
      200,
      "Congratulations, you're all set!",
      `${app.name} is now authorized as ${decided.user.login}: your device is now connected.`,
    );
  });
}
