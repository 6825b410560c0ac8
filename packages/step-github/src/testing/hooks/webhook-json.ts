import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { repositoryJson } from '../repositories/repository-json.js';
import { accountJson } from '../shared/account-json.js';
import type { GithubAccount, Repository } from '../shared/github-model.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';

/** The `repository` of a webhook payload: the REST shape without the viewer's permissions. */
export function webhookRepositoryJson(c: Context, state: GithubState, repo: Repository) {
  const { permissions: _permissions, ...json } = repositoryJson(c, state, repo, repo.owner);
  const owner = state.account(repo.owner);
  return {
    ...json,
    ...(owner?.type === 'Organization' ? { organization: owner.login } : {}),
    custom_properties: {},
  };
}

/** The `organization` of a webhook payload. */
export function webhookOrganizationJson(c: Context, org: GithubAccount) {
  const url = `${apiBase(c)}/orgs/${org.login}`;
  return {
    login: org.login,
    id: org.id,
    node_id: org.node_id,
    url,
    html_url: `${htmlBase(c)}/${org.login}`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events`,
    hooks_url: `${url}/hooks`,
    issues_url: `${url}/issues`,
    members_url: `${url}/members{/member}`,
    public_members_url: `${url}/public_members{/member}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${org.id}?v=4`,
    description: null,
  };
}

/** The `sender` of a payload: who caused the event. */
export function senderJson(c: Context, account: GithubAccount) {
  return accountJson(c, account);
}
