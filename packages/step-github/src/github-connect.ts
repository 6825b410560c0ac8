import { type OAuth2Auth, type OAuthConnect, StepError } from '@toolsteps/sdk';
import { githubBaseUrl } from './connection.js';

/**
 * Read and write access to repositories (contents, branches, commits, issues, pull requests, releases,
 * stars), workflows, gists and projects, and reading organisation teams (reviewers).
 */
export const GITHUB_SCOPES = ['repo', 'workflow', 'gist', 'project', 'read:org'] as const;

/** Scopes that include others, as GitHub's documentation of OAuth app scopes lists them. */
export const GITHUB_IMPLIED_SCOPES: Readonly<Record<string, readonly string[]>> = {
  repo: ['repo:status', 'repo_deployment', 'public_repo', 'repo:invite', 'security_events'],
  'admin:org': ['write:org', 'read:org', 'manage_runners:org'],
  'write:org': ['read:org'],
  project: ['read:project'],
  'admin:repo_hook': ['write:repo_hook', 'read:repo_hook'],
  'write:repo_hook': ['read:repo_hook'],
  user: ['read:user', 'user:email', 'user:follow'],
};

/**
 * Where GitHub's sign-in pages live for an account of these settings: `https://github.com` beside
 * `api.github.com`, `https://HOST` for an Enterprise Server at `https://HOST/api/v3`, and an
 * emulator's own origin.
 */
export function githubWebOrigin(settings: Record<string, unknown>): string {
  const rest = githubBaseUrl({ settings });
  const url = new URL(rest);
  if (url.hostname === 'api.github.com') return 'https://github.com';
  return rest.endsWith('/api/v3') ? rest.slice(0, -'/api/v3'.length) : url.origin;
}

/** GitHub App user tokens expire and come with a refresh token, refreshed where they were granted. */
export const githubExpiringToken: OAuth2Auth = {
  kind: 'oauth2',
  tokenUrl: (account) => `${githubWebOrigin(account.settings)}/login/oauth/access_token`,
};

/**
 * GitHub's OAuth app flows: the web flow with PKCE and the device flow. The account is named by its
 * login (`GET /user`); disconnecting deletes the app's grant, which revokes every token of it.
 */
export const githubConnect: OAuthConnect = {
  kind: 'oauth2',
  authorizeUrl: (settings) => `${githubWebOrigin(settings)}/login/oauth/authorize`,
  tokenUrl: (settings) => `${githubWebOrigin(settings)}/login/oauth/access_token`,
  deviceCodeUrl: (settings) => `${githubWebOrigin(settings)}/login/device/code`,
  scopes: GITHUB_SCOPES,
  // github.com's sign-in pages and api.github.com's app endpoints; an Enterprise Server or an
  // emulator is added by the runtime that registered its app there (`OAuthClient.origins`).
  origins: ['https://github.com', 'https://api.github.com'],
  // GitHub reports a grant by its broadest scopes: an app already holding `admin:org` gets a token
  // listing `admin:org`, not the `read:org` asked for (GitHub's scopes for OAuth apps).
  impliedScopes: GITHUB_IMPLIED_SCOPES,
  credentials: (grant, client) =>
    grant.refreshToken === undefined
      ? { token: grant.accessToken, clientId: client.clientId }
      : {
          accessToken: grant.accessToken,
          refreshToken: grant.refreshToken,
          ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}),
          clientId: client.clientId,
          ...(client.clientSecret ? { clientSecret: client.clientSecret } : {}),
        },
  identify: async ({ http }) => {
    const { body } = await http.get<{ login?: unknown }>('/user');
    if (typeof body?.login !== 'string' || body.login === '') {
      throw new StepError({ code: 'upstream', message: 'GitHub answered GET /user without a login' });
    }
    return { name: body.login, settings: { login: body.login } };
  },
  revoke: async ({ account, client, sendAsClient }) => {
    const token = account.credentials.accessToken ?? account.credentials.token;
    if (typeof token !== 'string') return;
    if (!client?.clientSecret) {
      // Only the OAuth app can delete its grant: without it the token stays valid, which must be said.
      throw new StepError({
        code: 'unsupported',
        message:
          "No OAuth app secret is configured for GitHub, so its grant cannot be deleted here: revoke it at https://github.com/settings/applications (or configure the app's client id and secret)",
      });
    }
    const url = `${githubBaseUrl(account)}/applications/${encodeURIComponent(client.clientId)}/grant`;
    if (account.credentials.clientId !== client.clientId) {
      // A pasted personal token, or another app's: this app's grant deletion would not touch it.
      throw new StepError({
        code: 'unsupported',
        message:
          "The account's token was not granted to this OAuth app (a personal access token, or another app's): revoke it at https://github.com/settings/tokens or https://github.com/settings/applications",
      });
    }
    const { status } = await sendAsClient({ method: 'DELETE', url, json: { access_token: token } });
    // 404: this app's grant is gone already (the user revoked it at GitHub), which is what was asked.
    if (status !== 204 && status !== 404) {
      throw new StepError({
        code: 'upstream',
        status,
        message: `GitHub answered ${status} to the deletion of the app's grant`,
      });
    }
  },
  requirements:
    'a GitHub user who grants read and write access to repositories, issues, pull requests and workflows (scopes repo, workflow, gist, project, read:org)',
};
