import { type Static, Type } from '@toolsteps/sdk';
import { Nullable } from '../nullable.js';
import { RepositoryEnvelope } from './shapes/repository.js';

/** A `create` delivery: a branch or tag was created (pushed, or made in GitHub's interface). */
export const RefCreated = <K extends 'tag' | 'branch'>(refType: K) =>
  Type.Object({
    ref: Type.String({
      description: `The ${refType}'s name, without refs/${refType === 'tag' ? 'tags' : 'heads'}/`,
    }),
    ref_type: Type.Literal(refType),
    master_branch: Type.String({ description: "The repository's default branch" }),
    description: Nullable(Type.String()),
    pusher_type: Type.String({ description: 'user, or deploy_key' }),
    ...RepositoryEnvelope,
  });

export type RefCreatedEvent = Static<ReturnType<typeof RefCreated>>;
