import { PATTERN_HINT, type TSchema, Type, withOptions } from '@toolsteps/sdk';
import { Owner, Repo, SEGMENT_NAME } from '../github-paths.js';

/** An organization login, one path segment like an owner. */
export const Org = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: `^${SEGMENT_NAME}$`,
  [PATTERN_HINT]: 'an organization login such as octo-org: one path segment, no "/", "?", "#", "%" or spaces',
  description: 'The organization whose hook receives the events (its login, as in github.com/<org>)',
});

/** Events GitHub sends only to organization hooks (a repository created, a project item edited). */
export const OrganizationConfig = Type.Object(
  { org: Org },
  { additionalProperties: false, description: 'The organization to watch, through an organization hook' },
);

/**
 * One repository (`owner` and `repo`: a repository hook), or every repository of an organization
 * (`org` alone: an organization hook, which GitHub sends the same repository events to).
 */
export function scopeConfig<P extends Record<string, TSchema>>(extra: P = {} as P) {
  return Type.Object(
    {
      owner: Type.Optional(withOptions(Owner, { description: 'With repo: the repository to watch' })),
      repo: Type.Optional(withOptions(Repo, { description: 'With owner: the repository to watch' })),
      org: Type.Optional(withOptions(Org, { description: 'Alone: every repository of this organization' })),
      ...extra,
    },
    {
      additionalProperties: false,
      oneOf: [{ required: ['owner', 'repo'] }, { required: ['org'] }],
      description: 'A repository (owner and repo) or an organization (org alone)',
    },
  );
}

export const RepositoryOrOrganizationConfig = scopeConfig();
