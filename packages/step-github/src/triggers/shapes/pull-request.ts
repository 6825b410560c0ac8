import { Type } from '@toolsteps/sdk';
import { Nullable } from '../../nullable.js';
import { Label } from './label.js';
import { Open } from './open-object.js';
import { Repository } from './repository.js';
import { User } from './user.js';

/** A team as a review request names it. */
export const Team = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
});

/** One end of a pull request: the branch and commit, in a repository that may since have been deleted. */
const PullRequestEnd = Open({
  label: Type.String({ description: 'owner:branch' }),
  ref: Type.String(),
  sha: Type.String(),
  user: Nullable(User),
  repo: Nullable(Repository),
});

/**
 * A pull request as `pull_request` and review deliveries carry it. Review deliveries send a shorter
 * one (no merge state, counts or mergeability), so those fields are optional.
 */
export const PullRequest = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  number: Type.Integer(),
  title: Type.String(),
  body: Nullable(Type.String()),
  state: Type.String({ description: 'open or closed' }),
  draft: Type.Optional(Type.Boolean()),
  locked: Type.Boolean(),
  html_url: Type.String(),
  diff_url: Type.String(),
  user: User,
  labels: Type.Array(Label),
  assignee: Nullable(User),
  assignees: Type.Array(User),
  requested_reviewers: Type.Array(Type.Union([User, Team])),
  requested_teams: Type.Array(Team),
  head: PullRequestEnd,
  base: PullRequestEnd,
  author_association: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  closed_at: Nullable(Type.String()),
  merged_at: Nullable(Type.String()),
  merge_commit_sha: Nullable(Type.String()),
  merged: Type.Optional(Nullable(Type.Boolean())),
  merged_by: Type.Optional(Nullable(User)),
  commits: Type.Optional(Type.Integer()),
  additions: Type.Optional(Type.Integer()),
  deletions: Type.Optional(Type.Integer()),
  changed_files: Type.Optional(Type.Integer()),
});

/** A review of a pull request; `state` is lowercase in deliveries (approved, changes_requested, commented, dismissed). */
export const Review = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  user: User,
  body: Nullable(Type.String()),
  state: Type.String({ description: 'approved, changes_requested, commented or dismissed' }),
  html_url: Type.String(),
  commit_id: Type.String(),
  submitted_at: Nullable(Type.String()),
  author_association: Type.String(),
});
