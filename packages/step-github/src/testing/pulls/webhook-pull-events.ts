import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { emitRepositoryEvent } from '../hooks/webhook-events.js';
import type { IssueRecord, ReviewRecord } from '../issues/issues-store.js';
import type { Repository } from '../shared/github-model.js';
import { webhookPullJson, webhookReviewJson } from './pull-webhook-json.js';

/** `pull_request` opened, or another action with its own fields (review_requested, synchronize). */
export function emitPullEvent(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  action: string,
  extra: () => Record<string, unknown> = () => ({}),
): void {
  emitRepositoryEvent(c, state, repo, 'pull_request', () => ({
    action,
    number: issue.number,
    pull_request: webhookPullJson(c, state, repo, issue, 'full'),
    ...extra(),
  }));
}

/** `pull_request_review` submitted. */
export function emitReviewSubmitted(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  review: ReviewRecord,
): void {
  emitRepositoryEvent(c, state, repo, 'pull_request_review', () => ({
    action: 'submitted',
    review: webhookReviewJson(c, state, repo, issue, review),
    pull_request: webhookPullJson(c, state, repo, issue, 'simple'),
  }));
}
