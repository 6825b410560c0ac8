import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { listPages, MAX_LIMIT } from '../github-pages.js';
import { Owner, Repo, repoPath, segment } from '../github-paths.js';
import { IssueNumber, Review, Team } from '../issue-shapes.js';
import { Login } from '../repository-shapes.js';

type ReviewJson = Static<typeof Review>;

/** What the step reads of GitHub's answers: the requested users and teams, and each page of reviews. */
const Requested = Type.Object({ users: Type.Array(Login), teams: Type.Array(Team) });
const ReviewsPage = Type.Array(Review);

/** States that decide a review; a later plain comment does not undo an approval, as on GitHub. */
const DECISIVE = new Set(['APPROVED', 'CHANGES_REQUESTED', 'DISMISSED']);

const Reviewer = Type.Object({
  login: Type.String(),
  requested: Type.Boolean({ description: 'Their review is asked for and not given yet' }),
  state: Type.Union([Type.String(), Type.Null()], {
    description:
      'Their latest deciding review (APPROVED, CHANGES_REQUESTED, DISMISSED), else COMMENTED; null before any review',
  }),
  submitted_at: Type.Union([Type.String(), Type.Null()]),
});

export const getReviewers = defineStep({
  id: 'github.get_reviewers',
  title: 'Get Reviewers',
  description:
    'The reviewers of a pull request: the users and teams asked for a review, the reviews given, and one line per person with where their review stands.',
  effect: 'read',
  input: Type.Object(
    { owner: Owner, repo: Repo, pull_number: IssueNumber('The number of the pull request') },
    { additionalProperties: false },
  ),
  output: Type.Object({
    requested_users: Type.Array(Login),
    requested_teams: Type.Array(Team),
    reviews: Type.Array(Review, { description: 'Submitted reviews, oldest first' }),
    reviewers: Type.Array(Reviewer, {
      description: 'Everyone requested or who reviewed, requested ones first',
    }),
    approved_by: Type.Array(Type.String(), { description: 'Logins whose deciding review is an approval' }),
    changes_requested_by: Type.Array(Type.String(), {
      description: 'Logins whose deciding review asks for changes',
    }),
  }),
  run: async ({ owner, repo, pull_number }, ctx) => {
    const pull = repoPath(owner, repo, 'pulls', segment(pull_number));
    const { body: requested } = await ctx.http.request<Static<typeof Requested>>({
      method: 'GET',
      path: `${pull}/requested_reviewers`,
      expect: Requested,
    });
    // Every review counts: a pull request with more than the default 1,000 is read up to the maximum.
    const listed = await listPages<ReviewJson>(
      ctx,
      `${pull}/reviews`,
      {},
      { all: true, limit: MAX_LIMIT },
      { expect: ReviewsPage },
    );
    // The caller's own pending review is listed to them, but it is not given yet.
    const reviews = listed.items.filter((review) => review.state !== 'PENDING');
    const reviewers = summarize(
      requested.users.map((user) => user.login),
      reviews,
    );
    return {
      requested_users: requested.users,
      requested_teams: requested.teams,
      reviews,
      reviewers,
      approved_by: reviewers.filter((r) => r.state === 'APPROVED').map((r) => r.login),
      changes_requested_by: reviewers.filter((r) => r.state === 'CHANGES_REQUESTED').map((r) => r.login),
    };
  },
});

function summarize(requested: string[], reviews: ReviewJson[]): Array<Static<typeof Reviewer>> {
  const byLogin = new Map<string, Static<typeof Reviewer>>();
  for (const login of requested)
    byLogin.set(login.toLowerCase(), { login, requested: true, state: null, submitted_at: null });
  for (const review of reviews) {
    const login = review.user?.login;
    if (login === undefined) continue;
    const entry = byLogin.get(login.toLowerCase()) ?? {
      login,
      requested: false,
      state: null,
      submitted_at: null,
    };
    if (DECISIVE.has(review.state) || entry.state === null || entry.state === 'COMMENTED') {
      entry.state = review.state;
      entry.submitted_at = review.submitted_at ?? null;
    }
    byLogin.set(login.toLowerCase(), entry);
  }
  return [...byLogin.values()];
}
