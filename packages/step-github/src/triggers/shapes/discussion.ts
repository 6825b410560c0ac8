import { Type } from '@toolsteps/sdk';
import { Nullable } from '../../nullable.js';
import { Open } from './open-object.js';
import { User } from './user.js';

export const Discussion = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  number: Type.Integer(),
  title: Type.String(),
  body: Nullable(Type.String()),
  state: Type.String({ description: 'open, closed, locked or converted' }),
  html_url: Type.String(),
  user: User,
  category: Open({
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    is_answerable: Type.Boolean(),
  }),
  comments: Type.Integer(),
  author_association: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const DiscussionComment = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  body: Type.String(),
  html_url: Type.String(),
  parent_id: Nullable(Type.Integer({ description: 'The comment replied to, when this is a reply' })),
  user: User,
  author_association: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
