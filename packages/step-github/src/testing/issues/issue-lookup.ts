import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { notFound } from '../shared/github-api-error.js';
import { callerOf } from '../shared/github-caller.js';
import { type GithubAccount, type Repository, repoKey } from '../shared/github-model.js';
import { visibleRepo } from '../shared/repository-lookup.js';
import type { IssueRecord } from './issues-store.js';

export interface RepoContext {
  repo: Repository;
  key: string;
  caller: GithubAccount;
}

/** The `:owner/:repo` of the route, if the caller may see it (GitHub answers 404 otherwise). */
export function repoOf(c: Context, state: GithubState): RepoContext {
  const repo = visibleRepo(c, state);
  return { repo, key: repoKey(repo.owner, repo.name), caller: callerOf(c) };
}

/** The issue (or pull request) numbered by the route parameter, or 404. */
export function issueOf(c: Context, state: GithubState, key: string, param = 'issue_number'): IssueRecord {
  const number = Number(c.req.param(param));
  const issue = Number.isInteger(number) ? state.issues.find(key, number) : undefined;
  if (issue === undefined) throw notFound();
  return issue;
}

/** The pull request numbered by `:pull_number`; an issue number that is no pull request is 404. */
export function pullOf(c: Context, state: GithubState, key: string) {
  const issue = issueOf(c, state, key, 'pull_number');
  const pull = issue.pull_request;
  if (pull === undefined) throw notFound();
  return { issue, pull };
}
