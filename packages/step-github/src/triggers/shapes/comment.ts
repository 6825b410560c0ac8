import { Type } from '@toolsteps/sdk';
import { Nullable } from '../../nullable.js';
import { Open } from './open-object.js';
import { User } from './user.js';

/** A comment on an issue or pull request (`issue_comment`). */
export const IssueComment = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  body: Type.String(),
  html_url: Type.String(),
  issue_url: Type.String(),
  user: User,
  author_association: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** A comment on a line of a pull request's diff (`pull_request_review_comment`). */
export const ReviewComment = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  body: Type.String(),
  html_url: Type.String(),
  pull_request_url: Type.String(),
  pull_request_review_id: Nullable(Type.Integer()),
  user: User,
  path: Type.String({ description: 'The file commented on' }),
  diff_hunk: Type.String(),
  commit_id: Type.String(),
  line: Type.Optional(Nullable(Type.Integer())),
  in_reply_to_id: Type.Optional(Type.Integer()),
  author_association: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
