import type { GithubState } from '../github-state.js';
import { GithubApiError } from '../shared/github-api-error.js';
import { type Repository, repoKey } from '../shared/github-model.js';

const EMPTY = 'Git Repository is empty.';

/** Git data endpoints answer 409 on a repository without commits. */
export function nonEmpty(repo: Repository, state: GithubState): Repository {
  if (state.git.isEmpty(repoKey(repo.owner, repo.name))) throw new GithubApiError(409, EMPTY);
  return repo;
}
