import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { accountJson } from '../shared/account-json.js';
import type { Repository } from '../shared/github-model.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';
import type { ReleaseRecord } from './releases-store.js';

/** GitHub's `release` shape. A draft has no tag yet: its page and archives are not published. */
export function releaseJson(c: Context, state: GithubState, repo: Repository, release: ReleaseRecord) {
  const repoUrl = `${apiBase(c)}/repos/${repo.owner}/${repo.name}`;
  const url = `${repoUrl}/releases/${release.id}`;
  const tag = encodeURIComponent(release.tag_name);
  const pageTag = release.draft ? `untagged-${release.node_id}` : tag;
  const author = state.account(release.author) ?? { id: 0, node_id: '', login: release.author, type: 'User' };
  return {
    url,
    html_url: `${htmlBase(c)}/${repo.owner}/${repo.name}/releases/tag/${pageTag}`,
    assets_url: `${url}/assets`,
    upload_url: `${url}/assets{?name,label}`,
    tarball_url: release.draft ? null : `${repoUrl}/tarball/${tag}`,
    zipball_url: release.draft ? null : `${repoUrl}/zipball/${tag}`,
    id: release.id,
    node_id: release.node_id,
    tag_name: release.tag_name,
    target_commitish: release.target_commitish,
    name: release.name,
    body: release.body,
    draft: release.draft,
    prerelease: release.prerelease,
    immutable: false,
    created_at: release.created_at,
    published_at: release.published_at,
    updated_at: release.published_at ?? release.created_at,
    author: accountJson(c, author),
    assets: [],
  };
}
