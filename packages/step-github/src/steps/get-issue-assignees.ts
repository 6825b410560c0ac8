import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { Owner, Repo, repoPath, segment } from '../github-paths.js';
import { Issue, IssueNumber } from '../issue-shapes.js';
import { Login } from '../repository-shapes.js';

/** The fields of the issue the step reads; an issue without an author, say, is still fine here. */
const ReadIssue = Type.Pick(Issue, [
  'number',
  'title',
  'state',
  'html_url',
  'assignee',
  'assignees',
  'pull_request',
]);

export const getIssueAssignees = defineStep({
  id: 'github.get_issue_assignees',
  title: 'Get Issue Assignees',
  description:
    'Who an issue or pull request is assigned to: the logins for quick checks, and the users as GitHub describes them.',
  effect: 'read',
  input: Type.Object(
    { owner: Owner, repo: Repo, issue_number: IssueNumber('The number of the issue or pull request') },
    { additionalProperties: false },
  ),
  output: Type.Object({
    number: Type.Integer(),
    title: Type.String(),
    state: Type.String({ description: 'open or closed' }),
    html_url: Type.String(),
    is_pull_request: Type.Boolean(),
    logins: Type.Array(Type.String(), { description: 'The assignees’ logins; [] when nobody is assigned' }),
    assignees: Type.Array(Login, { description: 'The assignees as GitHub users' }),
    assignee: Type.Union([Login, Type.Null()], { description: 'The first assignee, or null' }),
  }),
  run: async ({ owner, repo, issue_number }, ctx) => {
    const { body: issue } = await ctx.http.request<Static<typeof ReadIssue>>({
      method: 'GET',
      path: repoPath(owner, repo, 'issues', segment(issue_number)),
      expect: ReadIssue,
    });
    const assignees = issue.assignees ?? (issue.assignee === null ? [] : [issue.assignee]);
    return {
      number: issue.number,
      title: issue.title,
      state: issue.state,
      html_url: issue.html_url,
      is_pull_request: issue.pull_request !== undefined,
      logins: assignees.map((user) => user.login),
      assignees,
      assignee: issue.assignee ?? assignees[0] ?? null,
    };
  },
});
