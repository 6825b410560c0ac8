import type { OAuthApp } from './oauth-app.js';
import {
  AUTHORIZATION_PENDING,
  BAD_VERIFICATION_CODE,
  DEVICE_ACCESS_DENIED,
  EXPIRED_TOKEN,
  INCORRECT_DEVICE_CODE,
  SLOW_DOWN,
} from './oauth-errors.js';
import type { OAuthParams } from './oauth-params.js';
import type { OAuthStore } from './oauth-store.js';
import type { AnswerFields } from './token-answer.js';
import { tokenFields } from './token-fields.js';

export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * One poll of the device flow, in GitHub's order: too soon after the previous one is `slow_down` (with
 * the raised interval) before anything else; then an unknown client (undefined: GitHub's 404), an
 * unknown device code, a denied, expired or still pending authorization; else the token, handed out
 * once. The device flow takes no client secret.
 */
export function pollDevice(oauth: OAuthStore, app: OAuthApp, params: OAuthParams): AnswerFields | undefined {
  const grant = oauth.devices.byDeviceCode(params.client_id ?? '', params.device_code);
  if (grant !== undefined && oauth.devices.pollTooSoon(grant)) {
    return { ...SLOW_DOWN, interval: grant.intervalS };
  }
  if (params.client_id !== app.clientId) return undefined;
  if (grant === undefined) return INCORRECT_DEVICE_CODE;
  if (grant.status === 'denied') return DEVICE_ACCESS_DENIED;
  if (grant.status === 'issued') return BAD_VERIFICATION_CODE;
  if (oauth.devices.isExpired(grant)) return EXPIRED_TOKEN;
  if (grant.status === 'pending' || grant.login === undefined) return AUTHORIZATION_PENDING;
  grant.status = 'issued';
  return tokenFields(oauth.tokens.issue(app.clientId, grant.login, grant.scopes));
}
