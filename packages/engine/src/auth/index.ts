export type { AccountAuth, AuthHeader } from './account-auth.js';
export { createAccountAuth } from './create-account-auth.js';
export { OAuth2AccountAuth, type OAuth2Deps } from './oauth2-auth.js';
export { assertSafeHeader } from './safe-header.js';
export { StaticAuth } from './static-auth.js';
export { type RefreshRequest, requestTokenRefresh, type TokenGrant } from './token-endpoint.js';
