/**
 * OAuth refusals in Zendesk's words. Its OAuth server answers with rack-oauth2's default descriptions:
 * Zendesk's help quotes them (the `invalid_grant` and `invalid_client` answers of `/oauth/tokens`, and
 * `error=access_denied&error_description=The end-user or authorization server denied the request.`).
 */

export type TokenError =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_scope';

const TOKEN_DESCRIPTIONS: Record<TokenError, string> = {
  invalid_request:
    'The request is missing a required parameter, includes an unsupported parameter or parameter value, repeats a parameter, includes multiple credentials, utilizes more than one mechanism for authenticating the client, or is otherwise malformed.',
  invalid_client:
    'The client identifier provided is invalid, the client failed to authenticate, the client did not include its credentials, provided multiple client credentials, or used unsupported credentials type.',
  invalid_grant:
    'The provided access grant is invalid, expired, or revoked (e.g. invalid assertion, expired authorization token, bad end-user password credentials, or mismatching authorization code and redirection URI).',
  unsupported_grant_type:
    'The access grant included - its type or another attribute - is not supported by the authorization server.',
  invalid_scope:
    'The requested scope is invalid, unknown, malformed, or exceeds the previously granted scope.',
};

/** A token endpoint refusal: 401 with `WWW-Authenticate` for client authentication, 400 otherwise. */
export function tokenError(error: TokenError, description = TOKEN_DESCRIPTIONS[error]): Response {
  const status = error === 'invalid_client' ? 401 : 400;
  const headers: Record<string, string> =
    status === 401 ? { 'www-authenticate': 'Basic realm="OAuth2 Token Endpoint"' } : {};
  return Response.json({ error, error_description: description }, { status, headers });
}

export type AuthorizeError =
  | 'invalid_request'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'invalid_scope';

const AUTHORIZE_DESCRIPTIONS: Record<AuthorizeError, string> = {
  invalid_request:
    'The request is missing a required parameter, includes an unsupported parameter or parameter value, or is otherwise malformed.',
  access_denied: 'The end-user or authorization server denied the request.',
  unsupported_response_type: 'The requested response type is not supported by the authorization server.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
};

/** An authorization refusal sent back to a verified `redirect_uri`: 302 with `error`, its description and `state`. */
export function authorizeError(
  redirectUri: string,
  state: string | undefined,
  error: AuthorizeError,
  description = AUTHORIZE_DESCRIPTIONS[error],
): Response {
  return redirectWith(redirectUri, { error, error_description: description, state });
}

/** 302 to `redirectUri` with the parameters added to any query it has; unset ones are left out. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): Response {
  const target = new URL(redirectUri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) target.searchParams.append(key, value);
  return new Response(null, { status: 302, headers: { location: target.href } });
}

/**
 * What Zendesk shows instead of redirecting, when it cannot trust where to send the user (unknown
 * client, unregistered redirect URL): a page titled "Invalid Authorization Request" with the reason
 * ("No such client" for an unknown client).
 */
export function invalidAuthorizationRequest(reason: string): Response {
  return page('Invalid Authorization Request', reason);
}

/** A page in place of a redirect: a title and one paragraph, status 400. */
export function page(title: string, text: string): Response {
  const html = `<!DOCTYPE html>
<html><head><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>
`;
  return new Response(html, { status: 400, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}
