/** An OAuth client registered in the account (Admin Center > Apps and integrations > APIs > OAuth clients). */
export interface OAuthClientRegistration {
  /** Its record id: the `client_id` its tokens show in the OAuth Tokens API. */
  id: number;
  /** Its unique identifier: the `client_id` of authorization and token requests. */
  identifier: string;
  secret: string;
  /** Redirect URLs registered besides the loopback ones every port of which is accepted; compared exactly. */
  redirectUrls: readonly string[];
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost']);

/**
 * Checks redirect URLs as Zendesk's client form does: absolute, https unless the host is localhost or
 * 127.0.0.1, and (as OAuth requires) without a fragment. Throws saying which one is wrong and why.
 */
export function registeredRedirectUrls(urls: readonly string[] = []): string[] {
  return urls.map((text) => {
    const url = parsed(text);
    const problem =
      url === undefined
        ? 'is not an absolute URL'
        : url.hash !== ''
          ? 'has a fragment (#…), which a redirect URL may not have'
          : url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname))
            ? 'is neither https nor http on localhost or 127.0.0.1'
            : undefined;
    if (url === undefined || problem !== undefined)
      throw new Error(
        `oauthRedirectUrls: ${JSON.stringify(text)} ${problem}: Zendesk registers absolute https URLs (http only for localhost or 127.0.0.1)`,
      );
    return url.href;
  });
}

/**
 * Whether Zendesk would send the user's decision to this `redirect_uri`: one of the client's registered
 * URLs, or (the demo client's allowance, for CLI callbacks on a free port) http on 127.0.0.1 or localhost
 * at any port and path.
 */
export function redirectUriAllowed(client: OAuthClientRegistration, uri: string): boolean {
  const url = parsed(uri);
  if (url === undefined || url.hash !== '' || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname)) return true;
  return client.redirectUrls.includes(url.href);
}

function parsed(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
