import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { webhookRepositoryJson } from '../hooks/webhook-json.js';
import type { IssueRecord, ReviewRecord } from '../issues/issues-store.js';
import type { Repository } from '../shared/github-model.js';
import { pullJson, reviewJson } from './pull-json.js';

/**
 * The `pull_request` of `pull_request` payloads (`full`), or of review payloads (`simple`): the REST
 * shape, with webhook repositories at its head and base.
 */
export function webhookPullJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  detail: 'simple' | 'full',
) {
  const json = pullJson(c, state, repo, issue, repo.owner, detail);
  const repository = webhookRepositoryJson(c, state, repo);
  return { ...json, head: { ...json.head, repo: repository }, base: { ...json.base, repo: repository } };
}

/** A submitted review as `pull_request_review` payloads carry it: its state in lower case. */
export function webhookReviewJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  review: ReviewRecord,
) {
  const json = reviewJson(c, state, repo, issue, review);
  return {
    ...json,
    state: review.state.toLowerCase(),
    commit_id: review.commit_id ?? '',
    submitted_at: review.submitted_at ?? null,
  };
}
