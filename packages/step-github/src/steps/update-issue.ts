import { defineStep, type Static, StepError, Type } from '@toolsteps/engine';
import { Owner, Repo, repoPath, segment } from '../github-paths.js';
import { Issue, IssueNumber, LabelName, UserLogin } from '../issue-shapes.js';

const CHANGES = ['title', 'body', 'state', 'state_reason', 'labels', 'assignees', 'milestone'] as const;

export const updateIssue = defineStep({
  id: 'github.update_issue',
  title: 'Update Issue',
  description:
    'Changes an issue (or the issue side of a pull request): title, body, open or closed with a reason, and the labels, assignees and milestone, which replace the current ones.',
  effect: 'write',
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      issue_number: IssueNumber('The number of the issue'),
      title: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'The new title' })),
      body: Type.Optional(Type.String({ maxLength: 65536, description: 'The new contents (Markdown)' })),
      state: Type.Optional(
        Type.Union([Type.Literal('open'), Type.Literal('closed')], { description: 'Close or reopen' }),
      ),
      state_reason: Type.Optional(
        Type.Union([Type.Literal('completed'), Type.Literal('not_planned'), Type.Literal('reopened')], {
          description: 'Why: completed or not_planned with state closed, reopened with state open',
        }),
      ),
      labels: Type.Optional(
        Type.Array(LabelName, {
          uniqueItems: true,
          description: 'Replaces every label; [] removes them all',
        }),
      ),
      assignees: Type.Optional(
        Type.Array(UserLogin, {
          maxItems: 10,
          uniqueItems: true,
          description: 'Replaces the assignees; [] unassigns all',
        }),
      ),
      milestone: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
          description: 'A milestone number of the repository, or null to remove the milestone',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Issue,
  run: async ({ owner, repo, issue_number, ...changes }, ctx) => {
    if (!CHANGES.some((field) => changes[field] !== undefined)) {
      throw new StepError({
        code: 'validation',
        field: '/args',
        message: `Nothing to change: give at least one of ${CHANGES.join(', ')}; no request was sent`,
      });
    }
    if (changes.state_reason !== undefined) checkReason(changes.state_reason, changes.state);
    const { body } = await ctx.http.request<Static<typeof Issue>>({
      method: 'PATCH',
      path: repoPath(owner, repo, 'issues', segment(issue_number)),
      json: changes,
    });
    return body;
  },
});

/** GitHub ignores a reason without a state change; a reason that contradicts the state is a mistake. */
function checkReason(
  reason: 'completed' | 'not_planned' | 'reopened',
  state: 'open' | 'closed' | undefined,
): void {
  const fits = reason === 'reopened' ? 'open' : 'closed';
  if (state === fits) return;
  throw new StepError({
    code: 'validation',
    field: '/args/state_reason',
    message: `state_reason "${reason}" goes with state "${fits}"${state === undefined ? ', which is missing' : `, not "${state}"`}; no request was sent`,
  });
}
