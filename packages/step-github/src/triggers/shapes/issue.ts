import { Type } from '@toolsteps/sdk';
import { Nullable } from '../../nullable.js';
import { Label } from './label.js';
import { Open } from './open-object.js';
import { User } from './user.js';

export const Milestone = Open({
  id: Type.Integer(),
  number: Type.Integer(),
  title: Type.String(),
  state: Type.String({ description: 'open or closed' }),
  due_on: Nullable(Type.String()),
});

/** An issue as `issues` and `issue_comment` deliveries carry it; a pull request's comments carry its issue too. */
export const Issue = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  number: Type.Integer(),
  title: Type.String(),
  body: Nullable(Type.String()),
  state: Type.String({ description: 'open or closed' }),
  state_reason: Type.Optional(Nullable(Type.String({ description: 'completed, not_planned or reopened' }))),
  locked: Type.Boolean(),
  html_url: Type.String(),
  user: User,
  labels: Type.Optional(Type.Array(Label)),
  assignee: Type.Optional(Nullable(User)),
  assignees: Type.Array(User),
  milestone: Nullable(Milestone),
  comments: Type.Integer({ description: 'How many comments the issue has' }),
  author_association: Type.String({ description: 'OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE…' }),
  created_at: Type.String(),
  updated_at: Type.String(),
  closed_at: Nullable(Type.String()),
  pull_request: Type.Optional(
    Open({ html_url: Type.Optional(Type.String()) }, 'Present when the issue is a pull request'),
  ),
});
