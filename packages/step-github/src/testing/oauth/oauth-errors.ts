/**
 * The errors GitHub's OAuth endpoints answer with, in its words: the token endpoint's (as fields of
 * an answer that is still 200 OK) and the authorization's (as query parameters of the redirect).
 */
// A type, not an interface: an error is a set of answer fields (AnswerFields) as it is.
export type OAuthError = {
  readonly error: string;
  readonly error_description: string;
  readonly error_uri: string;
};

const DOCS = 'https://docs.github.com';
const TOKEN_TROUBLES = `${DOCS}/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors`;
const AUTHORIZE_TROUBLES = `${DOCS}/apps/managing-oauth-apps/troubleshooting-authorization-request-errors`;
const DEVICE_FLOW_ERRORS = `${DOCS}/developers/apps/authorizing-oauth-apps#error-codes-for-the-device-flow`;
const AUTHORIZE_PARAMETERS = `${DOCS}/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps#1-request-a-users-github-identity`;

const oauthError = (error: string, error_description: string, error_uri: string): OAuthError => ({
  error,
  error_description,
  error_uri,
});

export const INCORRECT_CLIENT_CREDENTIALS = oauthError(
  'incorrect_client_credentials',
  'The client_id and/or client_secret passed are incorrect.',
  `${TOKEN_TROUBLES}/#incorrect-client-credentials`,
);
/** The token request names a redirect_uri none of the app's callback URLs covers. */
export const REDIRECT_URI_NOT_REGISTERED = oauthError(
  'redirect_uri_mismatch',
  'The redirect_uri MUST match the registered callback URL for this application.',
  `${AUTHORIZE_TROUBLES}/#redirect-uri-mismatch2`,
);
/** The token request's redirect_uri is not the one the authorization named. */
export const REDIRECT_URI_NOT_AUTHORIZED = oauthError(
  'redirect_uri_mismatch',
  'The redirect_uri MUST match the callback URL provided during authorization.',
  `${AUTHORIZE_TROUBLES}/#redirect-uri-mismatch2`,
);
/** A code unknown, spent, expired, another client's, or whose PKCE verifier is missing or wrong. */
export const BAD_VERIFICATION_CODE = oauthError(
  'bad_verification_code',
  'The code passed is incorrect or expired.',
  `${TOKEN_TROUBLES}/#bad-verification-code`,
);
export const BAD_REFRESH_TOKEN = oauthError(
  'bad_refresh_token',
  'The refresh token passed is incorrect or expired.',
  `${TOKEN_TROUBLES}/#bad-verification-code`,
);
export const UNSUPPORTED_GRANT_TYPE = oauthError(
  'unsupported_grant_type',
  'The grant type must be urn:ietf:params:oauth:grant-type:device_code to poll with a device_code, authorization_code (or none) to exchange a code.',
  DEVICE_FLOW_ERRORS,
);
export const INCORRECT_DEVICE_CODE = oauthError(
  'incorrect_device_code',
  'The device_code provided is not valid.',
  DEVICE_FLOW_ERRORS,
);
export const DEVICE_ACCESS_DENIED = oauthError(
  'access_denied',
  'The authorization request was denied.',
  DEVICE_FLOW_ERRORS,
);
export const EXPIRED_TOKEN = oauthError(
  'expired_token',
  "This 'device_code' has expired.",
  DEVICE_FLOW_ERRORS,
);
export const AUTHORIZATION_PENDING = oauthError(
  'authorization_pending',
  'The authorization request is still pending.',
  DEVICE_FLOW_ERRORS,
);
/** Answered with the new `interval` the client must now keep. */
export const SLOW_DOWN = oauthError(
  'slow_down',
  'Too many requests have been made in the same timeframe.',
  DOCS,
);

/** The user clicked Cancel on the authorization page. */
export const USER_ACCESS_DENIED = oauthError(
  'access_denied',
  'The user has denied your application access.',
  `${AUTHORIZE_TROUBLES}/#access-denied`,
);
/** An authorization request GitHub refuses before asking the user, e.g. a PKCE method other than S256. */
export const invalidAuthorizationRequest = (description: string): OAuthError =>
  oauthError('invalid_request', description, AUTHORIZE_PARAMETERS);
