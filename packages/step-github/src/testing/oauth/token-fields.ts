import type { OAuthTokenRecord } from './oauth-tokens-store.js';
import type { AnswerFields } from './token-answer.js';

/** A token as the token endpoint hands it out; scopes comma-separated, as GitHub writes them. */
export function tokenFields(record: OAuthTokenRecord): AnswerFields {
  return { access_token: record.token, scope: record.scopes.join(','), token_type: 'bearer' };
}
