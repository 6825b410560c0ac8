import { type Static, Type } from '@toolsteps/sdk';
import type { Issue } from './issue-shapes.js';

/** How much of a body a model is shown: enough to tell what the issue is about. */
export const BODY_EXCERPT_CHARACTERS = 500;

/** An issue or pull request as a model is handed it: what it needs to act on one, not GitHub's whole answer. */
export const IssueForModel = Type.Object({
  number: Type.Integer(),
  title: Type.String(),
  state: Type.String({ description: 'open or closed' }),
  url: Type.String({ description: 'The page of the issue on GitHub' }),
  author: Type.Union([Type.String(), Type.Null()], { description: 'Login of who opened it' }),
  labels: Type.Array(Type.String()),
  assignees: Type.Array(Type.String()),
  comments: Type.Integer({ description: 'How many comments it has' }),
  is_pull_request: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
  body_excerpt: Type.String({
    description: `The start of the body (${BODY_EXCERPT_CHARACTERS} characters; "…" ends one that goes on): get the issue for all of it`,
  }),
});

type IssueLike = Pick<
  Static<typeof Issue>,
  'number' | 'title' | 'state' | 'html_url' | 'user' | 'labels' | 'assignee' | 'assignees' | 'comments'
> &
  Pick<Static<typeof Issue>, 'created_at' | 'updated_at' | 'body' | 'pull_request'>;

export function issueForModel(issue: IssueLike): Static<typeof IssueForModel> {
  const assignees = issue.assignees ?? (issue.assignee ? [issue.assignee] : []);
  return {
    number: issue.number,
    title: issue.title,
    state: issue.state,
    url: issue.html_url,
    author: issue.user?.login ?? null,
    labels: issue.labels.flatMap((label) =>
      typeof label === 'string' ? [label] : label.name ? [label.name] : [],
    ),
    assignees: assignees.map((user) => user.login),
    comments: issue.comments,
    is_pull_request: issue.pull_request !== undefined,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    body_excerpt: excerpt(issue.body ?? ''),
  };
}

/** The body's start, never half of a character written as two UTF-16 units. */
function excerpt(body: string): string {
  if (body.length <= BODY_EXCERPT_CHARACTERS) return body;
  const last = body.charCodeAt(BODY_EXCERPT_CHARACTERS - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? BODY_EXCERPT_CHARACTERS - 1 : BODY_EXCERPT_CHARACTERS;
  return `${body.slice(0, end)}…`;
}

/** A step answering one issue hands a model the issue in short. */
export const issueViewForModel = { output: IssueForModel, project: issueForModel };
