import { defineStep, type Static, Type, withOptions } from '@toolsteps/sdk';
import { Owner, segment } from '../github-paths.js';
import { Repository } from '../repository-shapes.js';

export const createRepository = defineStep({
  id: 'github.create_repository',
  title: 'Create Repository',
  description:
    'Creates a repository for the connected user (POST /user/repos), or in an organization when org is given (POST /orgs/{org}/repos).',
  effect: 'write',
  input: Type.Object(
    {
      name: Type.String({
        minLength: 1,
        maxLength: 100,
        pattern: '^(?!\\.{1,2}$)[A-Za-z0-9._-]+$',
        description: 'The repository name: ASCII letters, digits, ., - and _',
      }),
      org: Type.Optional(
        withOptions(Owner, {
          description:
            'Create it in this organization (the account must be a member) instead of for the user',
        }),
      ),
      description: Type.Optional(Type.String({ description: 'A short description' })),
      homepage: Type.Optional(Type.String({ format: 'uri', description: 'A URL with more information' })),
      private: Type.Optional(
        Type.Boolean({ description: 'Whether the repository is private; default false' }),
      ),
      has_issues: Type.Optional(Type.Boolean({ description: 'Whether issues are enabled; default true' })),
      auto_init: Type.Optional(
        Type.Boolean({
          description:
            'Create an initial commit with a README.md, so branches and files can be added at once; default false',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Repository,
  run: async ({ org, ...fields }, ctx) => {
    const { body } = await ctx.http.request<Static<typeof Repository>>({
      method: 'POST',
      path: org === undefined ? 'user/repos' : `orgs/${segment(org)}/repos`,
      json: fields,
      expect: Repository,
    });
    return body;
  },
});
