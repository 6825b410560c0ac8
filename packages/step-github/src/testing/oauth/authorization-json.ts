import { createHash } from 'node:crypto';
import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { accountJson } from '../shared/account-json.js';
import { apiBase } from '../shared/github-urls.js';
import type { OAuthApp } from './oauth-app.js';
import type { OAuthTokenRecord } from './oauth-tokens-store.js';

/** GitHub's "authorization" shape, as `POST /applications/{client_id}/token` answers a live token. */
export function authorizationJson(c: Context, state: GithubState, app: OAuthApp, record: OAuthTokenRecord) {
  const user = state.account(record.login);
  return {
    id: record.id,
    url: `${apiBase(c)}/authorizations/${record.id}`,
    scopes: record.scopes,
    token: record.token,
    token_last_eight: record.token.slice(-8),
    hashed_token: createHash('sha256').update(record.token).digest('hex'),
    app: { url: app.callbackUrl, name: app.name, client_id: app.clientId },
    note: null,
    note_url: null,
    updated_at: record.createdAt,
    created_at: record.createdAt,
    fingerprint: null,
    expires_at: null,
    user: user === undefined ? null : accountJson(c, user),
  };
}
