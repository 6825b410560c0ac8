import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { accountJson } from '../shared/account-json.js';
import {
  COLLABORATOR_PERMISSIONS,
  type CollaboratorPermission,
  type Repository,
  repoKey,
} from '../shared/github-model.js';
import { htmlBase } from '../shared/github-urls.js';
import { minimalRepositoryJson } from './minimal-repository-json.js';

export { minimalRepositoryJson } from './minimal-repository-json.js';

/** GitHub's `permissions` object: each level is true when the given permission includes it. */
export function permissionsJson(permission: CollaboratorPermission | undefined) {
  const rank = permission === undefined ? -1 : COLLABORATOR_PERMISSIONS.indexOf(permission);
  const has = (level: CollaboratorPermission) => rank >= COLLABORATOR_PERMISSIONS.indexOf(level);
  return {
    admin: has('admin'),
    maintain: has('maintain'),
    push: has('push'),
    triage: has('triage'),
    pull: has('pull'),
  };
}

/**
 * GitHub's "repository" shape (lists such as GET /user/repos), with the caller's permissions: a
 * public repository grants everyone `pull`.
 */
export function repositoryJson(c: Context, state: GithubState, repo: Repository, login: string) {
  const key = repoKey(repo.owner, repo.name);
  const html = `${htmlBase(c)}/${repo.owner}/${repo.name}`;
  const host = new URL(htmlBase(c)).host;
  const defaultSha = state.git.branchSha(key, repo.default_branch);
  const files = defaultSha === undefined ? [] : [...(state.git.commit(key, defaultSha)?.tree.values() ?? [])];
  const bytes = files.reduce((sum, content) => sum + content.length, 0);
  // GitHub counts open pull requests among the open issues.
  const openIssues = state.issues.list(key).filter((issue) => issue.state === 'open').length;
  const stars = repo.stargazers.size;
  const permission = state.permissionOf(repo, login) ?? (repo.private ? undefined : 'pull');
  return {
    ...minimalRepositoryJson(c, state, repo),
    git_url: `git://${host}/${repo.owner}/${repo.name}.git`,
    ssh_url: `git@${host}:${repo.owner}/${repo.name}.git`,
    clone_url: `${html}.git`,
    svn_url: html,
    mirror_url: null,
    homepage: repo.homepage,
    language: null,
    forks: 0,
    forks_count: 0,
    stargazers_count: stars,
    watchers: stars,
    watchers_count: stars,
    size: Math.ceil(bytes / 1024),
    default_branch: repo.default_branch,
    open_issues: openIssues,
    open_issues_count: openIssues,
    is_template: false,
    topics: [],
    has_issues: repo.has_issues,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: repo.archived,
    disabled: false,
    visibility: repo.private ? 'private' : 'public',
    pushed_at: repo.pushed_at,
    created_at: repo.created_at,
    updated_at: repo.updated_at,
    permissions: permissionsJson(permission),
    allow_rebase_merge: true,
    allow_squash_merge: true,
    allow_merge_commit: true,
    allow_auto_merge: false,
    delete_branch_on_merge: false,
    allow_forking: true,
    web_commit_signoff_required: false,
    license: null,
  };
}

/** GitHub's "full repository" shape (GET /repos/{owner}/{repo}, and the answer to creating one). */
export function fullRepositoryJson(c: Context, state: GithubState, repo: Repository, login: string) {
  const owner = state.account(repo.owner);
  return {
    ...repositoryJson(c, state, repo, login),
    network_count: 0,
    subscribers_count: 0,
    ...(owner?.type === 'Organization' ? { organization: accountJson(c, owner) } : {}),
  };
}
