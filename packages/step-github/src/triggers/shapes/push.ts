import { Type } from '@toolsteps/sdk';
import { Nullable } from '../../nullable.js';
import { Open } from './open-object.js';
import { GitActor } from './user.js';

/** A commit as a push lists it (`commits[]`, `head_commit`): git's view, with the files it touched. */
export const PushedCommit = Open({
  id: Type.String({ description: 'The commit sha' }),
  tree_id: Type.String(),
  distinct: Type.Boolean({ description: 'False when the commit was already pushed to another branch' }),
  message: Type.String(),
  timestamp: Type.String(),
  url: Type.String({ description: 'The commit on github.com' }),
  author: GitActor,
  committer: GitActor,
  added: Type.Array(Type.String()),
  removed: Type.Array(Type.String()),
  modified: Type.Array(Type.String()),
});

/** Who pushed: git's name and email (`pusher`). */
export const Pusher = GitActor;

export const PushFields = {
  ref: Type.String({ description: 'The full ref pushed, e.g. refs/heads/main or refs/tags/v1.0.0' }),
  before: Type.String({ description: 'The sha the ref pointed to before (all zeros when created)' }),
  after: Type.String({ description: 'The sha it points to now (all zeros when deleted)' }),
  created: Type.Boolean(),
  deleted: Type.Boolean(),
  forced: Type.Boolean(),
  base_ref: Nullable(Type.String()),
  compare: Type.String({ description: 'A link comparing before and after' }),
  commits: Type.Array(PushedCommit),
  head_commit: Nullable(PushedCommit),
  pusher: Pusher,
};
