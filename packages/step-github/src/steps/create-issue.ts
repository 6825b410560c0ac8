import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { Owner, Repo, repoPath } from '../github-paths.js';
import { issueViewForModel } from '../issue-for-model.js';
import { Issue, LabelName, UserLogin } from '../issue-shapes.js';
import { MAX_MARKED_BODY, withWriteMarker } from '../write-marker.js';

export const createIssue = defineStep({
  id: 'github.create_issue',
  title: 'Create Issue',
  description:
    'Opens an issue in a repository. Labels, assignees and a milestone need push access: GitHub silently drops them for other accounts, and creates labels it does not know yet. A run that can resume after a crash ends the body with a hidden marker (<!-- toolsteps:KEY -->, not rendered), by which it finds the issue instead of opening it twice; a tool call writes the body exactly as given.',
  effect: 'write',
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      title: Type.String({ minLength: 1, maxLength: 256, description: 'The title of the issue' }),
      body: Type.Optional(
        Type.String({ maxLength: MAX_MARKED_BODY, description: 'The contents of the issue (Markdown)' }),
      ),
      assignees: Type.Optional(
        Type.Array(UserLogin, {
          maxItems: 10,
          uniqueItems: true,
          description: 'Logins to assign; each must have push access to the repository',
        }),
      ),
      labels: Type.Optional(
        Type.Array(LabelName, {
          uniqueItems: true,
          description: 'Label names, e.g. ["bug", "good first issue"]',
        }),
      ),
      milestone: Type.Optional(
        Type.Integer({ minimum: 1, description: 'The number of a milestone of the repository' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Issue,
  forModel: issueViewForModel,
  run: async ({ owner, repo, ...fields }, ctx) => {
    const { body } = await ctx.http.request<Static<typeof Issue>>({
      method: 'POST',
      path: repoPath(owner, repo, 'issues'),
      json: {
        ...fields,
        body: ctx.writeMarkers ? withWriteMarker(fields.body, ctx.idempotencyKey) : fields.body,
      },
      expect: Issue,
    });
    return body;
  },
  // Loaded when a resumed run first asks, not with the package.
  probe: async (input, ctx, sent) =>
    (await import('../find-created-issue.js')).findCreatedIssue(input, ctx, sent),
});
