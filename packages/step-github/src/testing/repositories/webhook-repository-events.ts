import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { emitRepositoryEvent } from '../hooks/webhook-events.js';
import { accountJson } from '../shared/account-json.js';
import type { GithubAccount, Repository } from '../shared/github-model.js';

/** `repository` created: a new repository has no hooks yet, so its organization's hooks hear it. */
export function emitRepositoryCreated(c: Context, state: GithubState, repo: Repository): void {
  emitRepositoryEvent(c, state, repo, 'repository', () => ({ action: 'created' }));
}

/**
 * `star` created or deleted; `starred_at` is null on deletion, as GitHub sends it. Starring also
 * sends `watch` started: GitHub's older name for the same act.
 */
export function emitStar(
  c: Context,
  state: GithubState,
  repo: Repository,
  action: 'created' | 'deleted',
): void {
  emitRepositoryEvent(c, state, repo, 'star', () => ({
    action,
    starred_at: action === 'created' ? state.isoNow() : null,
  }));
  if (action === 'created') emitRepositoryEvent(c, state, repo, 'watch', () => ({ action: 'started' }));
}

/** `member` added: a user became a collaborator, with the role given. */
export function emitMemberAdded(
  c: Context,
  state: GithubState,
  repo: Repository,
  member: GithubAccount,
  permission: string,
): void {
  emitRepositoryEvent(c, state, repo, 'member', () => ({
    action: 'added',
    member: accountJson(c, member),
    // GitHub's payload names only the write and admin roles here.
    ...(permission === 'write' || permission === 'admin'
      ? { changes: { permission: { to: permission } } }
      : {}),
  }));
}
