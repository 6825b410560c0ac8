import type { RouteModule } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { userJson } from '../issues/issue-json.js';
import { pullOf, repoOf } from '../issues/issue-lookup.js';
import type { IssueRecord, PullRecord, ReviewRecord, ReviewState } from '../issues/issues-store.js';
import { GithubApiError, notAccessible, notFound, validationFailed } from '../shared/github-api-error.js';
import type { Repository } from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { type JsonObject, optional, readJson } from '../shared/github-request.js';
import { hasPermission, refuseIfArchived } from '../shared/repository-access.js';
import { teamJson } from '../teams/team-json.js';
import { pullJson, pullShas, reviewJson } from './pull-json.js';
import { emitPullEvent, emitReviewSubmitted } from './webhook-pull-events.js';

const EVENTS: Record<string, ReviewState> = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
};

/** Review requests (users and teams) and submitted reviews of a pull request. */
export const reviewRoutes: RouteModule = (api, state) => {
  api.get('/repos/:owner/:repo/pulls/:pull_number/requested_reviewers', (c) => {
    const s = state();
    const { repo, key } = repoOf(c, s);
    const { pull } = pullOf(c, s, key);
    return c.json({
      users: pull.requested_reviewers.map((login) => userJson(c, s, login)),
      teams: pull.requested_teams.flatMap((slug) => {
        const team = s.teams.find(repo.owner, slug);
        return team === undefined ? [] : [teamJson(c, team)];
      }),
    });
  });

  api.post('/repos/:owner/:repo/pulls/:pull_number/requested_reviewers', async (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    const { issue, pull } = pullOf(c, s, key);
    requester(s, repo, issue, caller.login);
    const { users, teams } = reviewerLists(await readJson(c));
    if (users.some((login) => login.toLowerCase() === issue.user.toLowerCase())) {
      throw new GithubApiError(422, 'Review cannot be requested from pull request author.');
    }
    const strangers =
      users.some((login) => s.account(login) === undefined || s.permissionOf(repo, login) === undefined) ||
      teams.some((slug) => s.teams.find(repo.owner, slug) === undefined);
    if (strangers) {
      throw new GithubApiError(
        422,
        `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${repo.owner}/${repo.name} repository.`,
      );
    }
    const logins = users.map((login) => s.account(login)?.login ?? login);
    const asked = new Set(pull.requested_reviewers.map((login) => login.toLowerCase()));
    pull.requested_reviewers = unique([...pull.requested_reviewers, ...logins]);
    pull.requested_teams = unique([...pull.requested_teams, ...teams.map((slug) => slug.toLowerCase())]);
    s.issues.touch(issue);
    for (const login of unique(logins).filter((one) => !asked.has(one.toLowerCase()))) {
      emitPullEvent(c, s, repo, issue, 'review_requested', () => ({
        requested_reviewer: userJson(c, s, login),
      }));
    }
    return c.json(pullJson(c, s, repo, issue, caller.login, 'simple'), 201);
  });

  api.delete('/repos/:owner/:repo/pulls/:pull_number/requested_reviewers', async (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    const { issue, pull } = pullOf(c, s, key);
    requester(s, repo, issue, caller.login);
    const body = await readJson(c);
    if (!Array.isArray(body.reviewers)) {
      throw validationFailed({ resource: 'PullRequest', code: 'missing_field', field: 'reviewers' });
    }
    const { users, teams } = reviewerLists(body);
    const named = new Set(users.map((login) => login.toLowerCase()));
    const namedTeams = new Set(teams.map((slug) => slug.toLowerCase()));
    pull.requested_reviewers = pull.requested_reviewers.filter((login) => !named.has(login.toLowerCase()));
    pull.requested_teams = pull.requested_teams.filter((slug) => !namedTeams.has(slug));
    s.issues.touch(issue);
    return c.json(pullJson(c, s, repo, issue, caller.login, 'simple'));
  });

  api.get('/repos/:owner/:repo/pulls/:pull_number/reviews', (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    const { issue, pull } = pullOf(c, s, key);
    // A pending review is seen by its author only.
    const reviews = pull.reviews.filter(
      (review) => review.state !== 'PENDING' || review.user.toLowerCase() === caller.login.toLowerCase(),
    );
    return c.json(paginate(c, reviews).map((review) => reviewJson(c, s, repo, issue, review)));
  });

  api.post('/repos/:owner/:repo/pulls/:pull_number/reviews', async (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    const { issue, pull } = pullOf(c, s, key);
    refuseIfArchived(repo);
    const body = await readJson(c);
    const event = reviewText(body, 'event');
    const text = reviewText(body, 'body') ?? '';
    const commitId = reviewText(body, 'commit_id');
    const pending = pull.reviews.some(
      (review) => review.state === 'PENDING' && same(review.user, caller.login),
    );
    if (event === undefined && pending) {
      throw unprocessable('User can only have one pending review per pull request');
    }
    const reviewState = event === undefined ? 'PENDING' : submission(issue, caller.login, event, text);
    const review = s.issues.addReview(pull, {
      user: caller.login,
      body: text,
      state: 'PENDING',
      commit_id: commitId ?? pullShas(s, key, pull).head,
    });
    if (reviewState !== 'PENDING') {
      submit(s, issue, pull, review, reviewState, text);
      emitReviewSubmitted(c, s, repo, issue, review);
    }
    return c.json(reviewJson(c, s, repo, issue, review));
  });

  api.post('/repos/:owner/:repo/pulls/:pull_number/reviews/:review_id/events', async (c) => {
    const s = state();
    const { repo, key, caller } = repoOf(c, s);
    const { issue, pull } = pullOf(c, s, key);
    refuseIfArchived(repo);
    const review = pull.reviews.find((candidate) => String(candidate.id) === c.req.param('review_id'));
    if (review === undefined || (review.state === 'PENDING' && !same(review.user, caller.login)))
      throw notFound();
    if (review.state !== 'PENDING') throw unprocessable('Can not submit a review that is not pending');
    const body = await readJson(c);
    const event = reviewText(body, 'event');
    if (event === undefined)
      throw unprocessable('Review event is missing: give APPROVE, REQUEST_CHANGES or COMMENT');
    const text = reviewText(body, 'body') ?? review.body;
    submit(s, issue, pull, review, submission(issue, caller.login, event, text), text);
    emitReviewSubmitted(c, s, repo, issue, review);
    return c.json(reviewJson(c, s, repo, issue, review));
  });
};

/**
 * The state a review event gives, or GitHub's refusal: the author may comment on their pull request
 * but not approve it or request changes, and a closed pull request only takes comments.
 */
function submission(issue: IssueRecord, login: string, event: string, body: string): ReviewState {
  const reviewState = Object.hasOwn(EVENTS, event) ? EVENTS[event] : undefined;
  if (reviewState === undefined) {
    throw unprocessable(`Review event "${event}" is not one of APPROVE, REQUEST_CHANGES, COMMENT`);
  }
  if ((event === 'REQUEST_CHANGES' || event === 'COMMENT') && body.trim() === '') {
    throw unprocessable(`Review Body is required when using ${event}`);
  }
  const verb = event === 'APPROVE' ? 'approve' : 'request changes on';
  if (event !== 'COMMENT' && same(login, issue.user))
    throw unprocessable(`Review Can not ${verb} your own pull request`);
  if (event !== 'COMMENT' && issue.state !== 'open')
    throw unprocessable(`Review Can not ${verb} a closed pull request`);
  return reviewState;
}

/** A submitted review answers the reviewer's request, which GitHub then removes. */
function submit(
  s: GithubState,
  issue: IssueRecord,
  pull: PullRecord,
  review: ReviewRecord,
  reviewState: ReviewState,
  body: string,
): void {
  review.state = reviewState;
  review.body = body;
  review.submitted_at = s.isoNow();
  pull.requested_reviewers = pull.requested_reviewers.filter((login) => !same(login, review.user));
  s.issues.touch(issue);
}

/** Requesting reviews takes the author or push access, on a repository that is not archived. */
function requester(s: GithubState, repo: Repository, issue: IssueRecord, login: string): void {
  refuseIfArchived(repo);
  if (!same(issue.user, login) && !hasPermission(s, repo, login, 'push')) {
    throw notAccessible();
  }
}

function reviewerLists(body: JsonObject): { users: string[]; teams: string[] } {
  const users = optional<unknown[]>(body, 'reviewers', 'array', 'PullRequest') ?? [];
  const teams = optional<unknown[]>(body, 'team_reviewers', 'array', 'PullRequest') ?? [];
  for (const [field, list] of [
    ['reviewers', users],
    ['team_reviewers', teams],
  ] as const) {
    if (list.some((item) => typeof item !== 'string' || item === '')) {
      throw validationFailed({ resource: 'PullRequest', code: 'invalid', field, value: list });
    }
  }
  return { users: users as string[], teams: teams as string[] };
}

/** A string field of a review body; reviews answer mistakes with sentences, not field errors. */
function reviewText(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw unprocessable(`Review ${field} must be a string`);
  return value;
}

/** GitHub's "validation failed, simple" answer: a message and error sentences. */
function unprocessable(sentence: string): GithubApiError {
  return new GithubApiError(422, 'Unprocessable Entity', [sentence]);
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => !seen.has(value.toLowerCase()) && seen.add(value.toLowerCase()));
}
