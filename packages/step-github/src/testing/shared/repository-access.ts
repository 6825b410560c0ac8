import { GithubApiError } from './github-api-error.js';
import type { GithubCore } from './github-core.js';
import { COLLABORATOR_PERMISSIONS, type CollaboratorPermission, type Repository } from './github-model.js';

/** Whether a user holds at least `minimum` on the repository (owner and org members are admins). */
export function hasPermission(
  state: GithubCore,
  repo: Repository,
  login: string,
  minimum: CollaboratorPermission,
): boolean {
  const permission = state.permissionOf(repo, login);
  return (
    permission !== undefined &&
    COLLABORATOR_PERMISSIONS.indexOf(permission) >= COLLABORATOR_PERMISSIONS.indexOf(minimum)
  );
}

/** Who can be assigned to issues and pull requests: users with push access, as GitHub documents. */
export function isAssignable(state: GithubCore, repo: Repository, login: string): boolean {
  const account = state.account(login);
  return account?.type === 'User' && hasPermission(state, repo, account.login, 'push');
}

/** GitHub's `author_association` of a user with the repository. */
export function authorAssociation(
  state: GithubCore,
  repo: Repository,
  login: string,
): 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'NONE' {
  if (repo.owner.toLowerCase() === login.toLowerCase()) return 'OWNER';
  const owner = state.account(repo.owner);
  if (owner?.members?.some((member) => member.toLowerCase() === login.toLowerCase())) return 'MEMBER';
  return repo.collaborators.has(login.toLowerCase()) ? 'COLLABORATOR' : 'NONE';
}

/** Archived repositories refuse every write. */
export function refuseIfArchived(repo: Repository): void {
  if (repo.archived) throw new GithubApiError(403, 'Repository was archived so is read-only.');
}
