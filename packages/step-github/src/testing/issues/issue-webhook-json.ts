import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import type { Repository } from '../shared/github-model.js';
import { commentJson, issueJson } from './issue-json.js';
import type { CommentRecord, IssueRecord } from './issues-store.js';

/** Webhook payloads carry reaction counts where the REST answers of the emulator leave them out. */
function reactionsJson(url: string) {
  return {
    url: `${url}/reactions`,
    total_count: 0,
    '+1': 0,
    '-1': 0,
    laugh: 0,
    hooray: 0,
    confused: 0,
    heart: 0,
    rocket: 0,
    eyes: 0,
  };
}

/** The `issue` of `issues` and `issue_comment` payloads. */
export function webhookIssueJson(c: Context, state: GithubState, repo: Repository, issue: IssueRecord) {
  const { closed_by: _closedBy, ...json } = issueJson(c, state, repo, issue);
  return { ...json, reactions: reactionsJson(json.url), performed_via_github_app: null };
}

/** The `comment` of an `issue_comment` payload. */
export function webhookCommentJson(
  c: Context,
  state: GithubState,
  repo: Repository,
  issue: IssueRecord,
  comment: CommentRecord,
) {
  const json = commentJson(c, state, repo, issue, comment);
  return { ...json, reactions: reactionsJson(json.url), performed_via_github_app: null };
}
