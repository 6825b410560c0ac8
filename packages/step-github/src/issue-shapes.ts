import { Type } from '@toolsteps/sdk';
import { Nullable } from './nullable.js';
import { Login } from './repository-shapes.js';

/**
 * The useful fields of GitHub's issue, comment, pull-request and review answers, for step outputs.
 * The objects allow the other properties GitHub sends, which steps pass through untouched. No
 * field is stricter than GitHub's OpenAPI description (a test checks it), so no real answer fails.
 */

/** A GitHub login as an input: letters, digits and single hyphens, up to 39 characters; bots end in [bot]. */
export const UserLogin = Type.String({
  minLength: 1,
  maxLength: 45,
  pattern: '^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}(?:\\[bot\\])?$',
  description: 'A GitHub login, e.g. octocat',
});

/** A label name as an input: any text GitHub accepts, without leading or trailing spaces. */
export const LabelName = Type.String({ minLength: 1, maxLength: 50, pattern: '^\\S(?:.*\\S)?$' });

export const IssueNumber = (description: string) => Type.Integer({ minimum: 1, description });

/** A label as an issue carries it: GitHub documents every field as optional there. */
export const Label = Type.Object({
  id: Type.Optional(Type.Integer()),
  name: Type.Optional(Type.String()),
  color: Type.Optional(Nullable(Type.String({ description: 'Hex colour without #' }))),
  description: Type.Optional(Nullable(Type.String())),
});

export const Issue = Type.Object({
  id: Type.Integer(),
  node_id: Type.String(),
  number: Type.Integer(),
  title: Type.String(),
  body: Type.Optional(Nullable(Type.String())),
  state: Type.String({ description: 'open or closed' }),
  state_reason: Type.Optional(
    Nullable(Type.String({ description: 'completed, not_planned, reopened, duplicate' })),
  ),
  html_url: Type.String(),
  user: Nullable(Login),
  labels: Type.Array(Type.Union([Type.String(), Label]), {
    description: 'Label objects; GitHub documents a plain name as possible too',
  }),
  assignee: Nullable(Login),
  assignees: Type.Optional(Nullable(Type.Array(Login))),
  milestone: Nullable(Type.Object({ number: Type.Integer(), title: Type.String() })),
  comments: Type.Integer({ description: 'How many comments the issue has' }),
  created_at: Type.String(),
  updated_at: Type.String(),
  closed_at: Nullable(Type.String()),
  pull_request: Type.Optional(
    Type.Object(
      { html_url: Nullable(Type.String()), merged_at: Type.Optional(Nullable(Type.String())) },
      { description: 'Present when the issue is a pull request' },
    ),
  ),
});

export const IssueComment = Type.Object({
  id: Type.Integer(),
  node_id: Type.String(),
  body: Type.Optional(Type.String()),
  html_url: Type.String(),
  issue_url: Type.String(),
  user: Nullable(Login),
  created_at: Type.String(),
});

const Branch = Type.Object({
  label: Type.String({ description: 'owner:branch' }),
  ref: Type.String(),
  sha: Type.String(),
});

export const Team = Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() });

export const PullRequest = Type.Object({
  id: Type.Integer(),
  node_id: Type.String(),
  number: Type.Integer(),
  title: Type.String(),
  body: Nullable(Type.String()),
  state: Type.String({ description: 'open or closed' }),
  draft: Type.Optional(Type.Boolean()),
  html_url: Type.String(),
  user: Login,
  head: Branch,
  base: Branch,
  merged: Type.Optional(Type.Boolean()),
  mergeable: Type.Optional(Nullable(Type.Boolean())),
  commits: Type.Optional(Type.Integer()),
  requested_reviewers: Type.Optional(Nullable(Type.Array(Login))),
  requested_teams: Type.Optional(Nullable(Type.Array(Team))),
  created_at: Type.String(),
});

export const Review = Type.Object({
  id: Type.Integer(),
  user: Nullable(Login),
  state: Type.String({ description: 'APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED or PENDING' }),
  body: Type.String(),
  submitted_at: Type.Optional(Type.String()),
  commit_id: Nullable(Type.String()),
  html_url: Type.String(),
});
