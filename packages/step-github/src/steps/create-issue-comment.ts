import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { Owner, Repo, repoPath, segment } from '../github-paths.js';
import { IssueComment, IssueNumber } from '../issue-shapes.js';
import { MAX_MARKED_BODY, withWriteMarker } from '../write-marker.js';

export const createIssueComment = defineStep({
  id: 'github.create_issue_comment',
  title: 'Create Issue Comment',
  description:
    'Comments on an issue or a pull request (pull requests take issue comments too). A locked conversation only takes comments from collaborators with push access. A run that can resume after a crash ends the body with a hidden marker (<!-- toolsteps:KEY -->, not rendered), by which it finds the comment instead of posting it twice; a tool call writes the body exactly as given.',
  effect: 'write',
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      issue_number: IssueNumber('The number of the issue or pull request'),
      body: Type.String({
        minLength: 1,
        maxLength: MAX_MARKED_BODY,
        description: 'The contents of the comment (Markdown)',
      }),
    },
    { additionalProperties: false },
  ),
  output: IssueComment,
  run: async ({ owner, repo, issue_number, body }, ctx) => {
    const answer = await ctx.http.request<Static<typeof IssueComment>>({
      method: 'POST',
      path: repoPath(owner, repo, 'issues', segment(issue_number), 'comments'),
      json: { body: ctx.writeMarkers ? withWriteMarker(body, ctx.idempotencyKey) : body },
      expect: IssueComment,
    });
    return answer.body;
  },
  // Loaded when a resumed run first asks, not with the package.
  probe: async (input, ctx, sent) =>
    (await import('../find-created-comment.js')).findCreatedComment(input, ctx, sent),
});
