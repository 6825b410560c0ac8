import type { Context } from '@toolsteps/emulator';
import { apiBase, htmlBase } from './github-urls.js';

/** GitHub's "simple user" shape. */
export function accountJson(
  c: Context,
  account: { id: number; node_id: string; login: string; type: string },
) {
  const url = `${apiBase(c)}/users/${account.login}`;
  return {
    login: account.login,
    id: account.id,
    node_id: account.node_id,
    avatar_url: `https://avatars.githubusercontent.com/u/${account.id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${htmlBase(c)}/${account.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: account.type,
    site_admin: false,
  };
}
