import { defineTrigger, type Static, Type, withOptions } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld, issueComment, spellingIssue } from './sample-parts.js';
import { IssueComment, ReviewComment } from './shapes/comment.js';
import { Issue } from './shapes/issue.js';
import { PullRequest } from './shapes/pull-request.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const CommentCreated = Type.Object({
  action: Type.Literal('created'),
  comment: Type.Union([IssueComment, ReviewComment]),
  issue: Type.Optional(
    withOptions(Issue, {
      description: 'The issue or pull request commented on, for a comment in its conversation',
    }),
  ),
  pull_request: Type.Optional(
    withOptions(PullRequest, { description: 'The pull request, for a comment on a line of its diff' }),
  ),
  ...RepositoryEnvelope,
});

type Event = Static<typeof CommentCreated>;

export const newComment = defineTrigger({
  id: 'github.new_comment',
  title: 'New Comment',
  description:
    "Fires when a comment is made on an issue or pull request (`issue_comment` created: `issue` is set) or on a line of a pull request's diff (`pull_request_review_comment` created: `pull_request` is set).",
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: CommentCreated,
  sample: {
    action: 'created',
    comment: issueComment,
    issue: spellingIssue,
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['issue_comment', 'pull_request_review_comment'],
    match: (delivery, config) => [
      ...payloadEvents<Event>(delivery, config, 'issue_comment', ['created']),
      ...payloadEvents<Event>(delivery, config, 'pull_request_review_comment', ['created']),
    ],
  },
});
