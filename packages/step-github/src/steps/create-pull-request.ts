import { defineStep, type Static, StepError, Type, withOptions } from '@toolsteps/sdk';
import { Owner, REF_NAME, Ref, Repo, repoPath } from '../github-paths.js';
import { IssueNumber, PullRequest } from '../issue-shapes.js';

export const createPullRequest = defineStep({
  id: 'github.create_pull_request',
  title: 'Create Pull Request',
  description:
    'Opens a pull request from a head branch into a base branch, as a new pull request (title) or by turning an open issue into one (issue).',
  effect: 'write',
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      head: Type.String({
        minLength: 1,
        maxLength: 296,
        // An optional owner login and colon (a fork's branch), then a branch name.
        pattern: `^(?:[A-Za-z0-9][A-Za-z0-9-]{0,38}:)?${REF_NAME}$`,
        description: 'The branch with the changes, e.g. feature/login, or owner:branch',
      }),
      base: withOptions(Ref, { description: 'The branch to merge into, e.g. main' }),
      title: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 256,
          description: 'The title; required unless issue is given',
        }),
      ),
      body: Type.Optional(Type.String({ maxLength: 65536, description: 'The description (Markdown)' })),
      draft: Type.Optional(Type.Boolean({ description: 'Open it as a draft; default false' })),
      maintainer_can_modify: Type.Optional(
        Type.Boolean({ description: 'Let maintainers of the base repository push to the head branch' }),
      ),
      issue: Type.Optional(
        IssueNumber(
          'An open issue to turn into the pull request; it keeps its title and body (instead of title)',
        ),
      ),
    },
    { additionalProperties: false },
  ),
  output: PullRequest,
  run: async ({ owner, repo, ...fields }, ctx) => {
    if ((fields.title === undefined) === (fields.issue === undefined)) {
      throw new StepError({
        code: 'validation',
        field: fields.title === undefined ? '/args/title' : '/args/issue',
        message:
          fields.title === undefined
            ? 'Give title (a new pull request) or issue (the number of an issue to turn into one); no request was sent'
            : 'Give title or issue, not both: an issue turned into a pull request keeps its own title; no request was sent',
      });
    }
    const { body } = await ctx.http.request<Static<typeof PullRequest>>({
      method: 'POST',
      path: repoPath(owner, repo, 'pulls'),
      json: fields,
      expect: PullRequest,
    });
    return body;
  },
});
