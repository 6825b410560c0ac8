import { Type } from '@toolsteps/sdk';
import { Nullable } from '../../nullable.js';
import { Open } from './open-object.js';

/** A GitHub account as payloads carry it (`sender`, `user`, `assignee`…): a user, bot or organization. */
export const User = Open({
  login: Type.String(),
  id: Type.Integer(),
  node_id: Type.String(),
  type: Type.String({ description: 'User, Bot, Organization or Mannequin' }),
  html_url: Type.String(),
  avatar_url: Type.String(),
});

/** A git author or committer as push payloads carry it: names from git, not necessarily GitHub logins. */
export const GitActor = Open({
  name: Type.String(),
  email: Nullable(Type.String()),
  username: Type.Optional(Type.String({ description: 'The GitHub login, when GitHub knows the email' })),
});
