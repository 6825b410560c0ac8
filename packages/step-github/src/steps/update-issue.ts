import { defineStep, type Static, StepError, Type } from '@toolsteps/sdk';
import { Owner, Repo, repoPath, segment } from '../github-paths.js';
import { issueViewForModel } from '../issue-for-model.js';
import { Issue, IssueNumber, LabelName, UserLogin } from '../issue-shapes.js';

const CHANGES = ['title', 'body', 'state', 'state_reason', 'labels', 'assignees', 'milestone'] as const;

const REASONS = ['completed', 'not_planned', 'duplicate', 'reopened'] as const;
type Reason = (typeof REASONS)[number];

export const updateIssue = defineStep({
  id: 'github.update_issue',
  title: 'Update Issue',
  description:
    'Changes an issue (or the issue side of a pull request): title, body, open or closed with a reason, and the labels, assignees and milestone, which replace the current ones.',
  effect: 'write',
  // A PATCH that sets fields to given values: sent again, it changes nothing and adds no event.
  idempotent: true,
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
        Type.Union(
          REASONS.map((reason) => Type.Literal(reason)),
          {
            description:
              'Why: completed, not_planned or duplicate with state closed, reopened with state open',
          },
        ),
      ),
      duplicate_issue_id: Type.Optional(
        Type.Integer({
          minimum: 1,
          description:
            'With state_reason duplicate: the id (not the number) of the issue this one duplicates',
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
  forModel: issueViewForModel,
  run: async ({ owner, repo, issue_number, ...changes }, ctx) => {
    if (!CHANGES.some((field) => changes[field] !== undefined)) {
      throw new StepError({
        code: 'validation',
        field: '/args',
        message: `Nothing to change: give at least one of ${CHANGES.join(', ')}; no request was sent`,
      });
    }
    if (changes.state_reason !== undefined) checkReason(changes.state_reason, changes.state);
    if (changes.duplicate_issue_id !== undefined && changes.state_reason !== 'duplicate') {
      throw new StepError({
        code: 'validation',
        field: '/args/duplicate_issue_id',
        message:
          'duplicate_issue_id goes with state "closed" and state_reason "duplicate" (GitHub ignores it otherwise); no request was sent',
      });
    }
    const { body } = await ctx.http.request<Static<typeof Issue>>({
      method: 'PATCH',
      path: repoPath(owner, repo, 'issues', segment(issue_number)),
      json: changes,
      expect: Issue,
      // Every field replaces the current value, so sending the same change twice changes nothing more.
      retrySafe: true,
    });
    return body;
  },
});

/** GitHub ignores a reason without a state change; a reason that contradicts the state is a mistake. */
function checkReason(reason: Reason, state: 'open' | 'closed' | undefined): void {
  const fits = reason === 'reopened' ? 'open' : 'closed';
  if (state === fits) return;
  throw new StepError({
    code: 'validation',
    field: '/args/state_reason',
    message: `state_reason "${reason}" goes with state "${fits}"${state === undefined ? ', which is missing' : `, not "${state}"`}; no request was sent`,
  });
}
