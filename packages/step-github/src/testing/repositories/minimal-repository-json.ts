import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { accountJson } from '../shared/account-json.js';
import type { Repository } from '../shared/github-model.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';

/** GitHub's "minimal repository" shape, as workflow runs embed it (`repository`, `head_repository`). */
export function minimalRepositoryJson(c: Context, state: GithubState, repo: Repository) {
  const fullName = `${repo.owner}/${repo.name}`;
  const url = `${apiBase(c)}/repos/${fullName}`;
  const html = `${htmlBase(c)}/${fullName}`;
  const owner = state.account(repo.owner);
  return {
    id: repo.id,
    node_id: repo.node_id,
    name: repo.name,
    full_name: fullName,
    owner: accountJson(c, owner ?? { id: 0, node_id: '', login: repo.owner, type: 'User' }),
    private: repo.private,
    html_url: html,
    description: repo.description,
    fork: false,
    url,
    archive_url: `${url}/{archive_format}{/ref}`,
    assignees_url: `${url}/assignees{/user}`,
    blobs_url: `${url}/git/blobs{/sha}`,
    branches_url: `${url}/branches{/branch}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    comments_url: `${url}/comments{/number}`,
    commits_url: `${url}/commits{/sha}`,
    compare_url: `${url}/compare/{base}...{head}`,
    contents_url: `${url}/contents/{+path}`,
    contributors_url: `${url}/contributors`,
    deployments_url: `${url}/deployments`,
    downloads_url: `${url}/downloads`,
    events_url: `${url}/events`,
    forks_url: `${url}/forks`,
    git_commits_url: `${url}/git/commits{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    hooks_url: `${url}/hooks`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    issue_events_url: `${url}/issues/events{/number}`,
    issues_url: `${url}/issues{/number}`,
    keys_url: `${url}/keys{/key_id}`,
    labels_url: `${url}/labels{/name}`,
    languages_url: `${url}/languages`,
    merges_url: `${url}/merges`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    pulls_url: `${url}/pulls{/number}`,
    releases_url: `${url}/releases{/id}`,
    stargazers_url: `${url}/stargazers`,
    statuses_url: `${url}/statuses/{sha}`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    tags_url: `${url}/tags`,
    teams_url: `${url}/teams`,
    trees_url: `${url}/git/trees{/sha}`,
  };
}
