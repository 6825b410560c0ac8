import { Type } from '@toolsteps/sdk';
import { Nullable } from '../../nullable.js';
import { Open } from './open-object.js';
import { User } from './user.js';

/** The repository a delivery is about: every repository event carries it. */
export const Repository = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  name: Type.String(),
  full_name: Type.String({ description: 'owner/name' }),
  owner: User,
  private: Type.Boolean(),
  html_url: Type.String(),
  description: Nullable(Type.String()),
  fork: Type.Boolean(),
  default_branch: Type.String(),
  visibility: Type.Optional(Type.String({ description: 'public, private or internal' })),
});

/** The organization, present when the repository (or the hook) belongs to one. */
export const Organization = Open({
  login: Type.String(),
  id: Type.Integer(),
  node_id: Type.String(),
  description: Nullable(Type.String()),
});

/** The fields every delivery of a repository event shares. */
export const RepositoryEnvelope = {
  repository: Repository,
  organization: Type.Optional(Organization),
  sender: User,
};
