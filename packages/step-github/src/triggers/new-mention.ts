import { defineTrigger, type Static, Type, withOptions } from '@toolsteps/sdk';
import { UserLogin } from '../issue-shapes.js';
import { bodyMentions } from './body-mentions.js';
import { payloadOf } from './github-delivery.js';
import { codertocat, helloWorld, issueComment, spellingIssue } from './sample-parts.js';
import { IssueComment, ReviewComment } from './shapes/comment.js';
import { Discussion, DiscussionComment } from './shapes/discussion.js';
import { Issue } from './shapes/issue.js';
import { PullRequest, Review } from './shapes/pull-request.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { scopeConfig } from './trigger-config.js';

/** Where a mention can be written: what is new in each delivery, and the payload field holding it. */
const SOURCES = [
  { event: 'issues', action: 'opened', field: 'issue', in: 'issue' },
  { event: 'pull_request', action: 'opened', field: 'pull_request', in: 'pull_request' },
  { event: 'issue_comment', action: 'created', field: 'comment', in: 'comment' },
  { event: 'pull_request_review_comment', action: 'created', field: 'comment', in: 'comment' },
  { event: 'pull_request_review', action: 'submitted', field: 'review', in: 'review' },
  { event: 'discussion', action: 'created', field: 'discussion', in: 'discussion' },
  { event: 'discussion_comment', action: 'created', field: 'comment', in: 'comment' },
] as const;

const Mention = Type.Object(
  {
    login: Type.String({ description: "The login mentioned (the binding's config.login)" }),
    in: Type.Union(
      ['issue', 'pull_request', 'comment', 'review', 'discussion'].map((kind) => Type.Literal(kind)),
      { description: 'What the mention was written in' },
    ),
    body: Type.String({ description: 'The text that mentions the login' }),
    html_url: Type.String({ description: 'Where it is on github.com' }),
    author: Type.String({ description: 'Who wrote it (login)' }),
  },
  { description: 'Added by Toolsteps: the mention itself, whatever it was written in' },
);

const Mentioned = Type.Object({
  action: Type.String({ description: 'opened, created or submitted' }),
  mention: Mention,
  issue: Type.Optional(Issue),
  pull_request: Type.Optional(PullRequest),
  comment: Type.Optional(Type.Union([IssueComment, ReviewComment, DiscussionComment])),
  review: Type.Optional(Review),
  discussion: Type.Optional(Discussion),
  ...RepositoryEnvelope,
});

type Event = Static<typeof Mentioned>;

const MentionConfig = scopeConfig({
  login: withOptions(UserLogin, {
    description: "The login whose mentions fire the trigger (usually the connected account's), without @",
  }),
});

/** What a mention was written in: its text, link and author. */
interface Written {
  body?: unknown;
  html_url?: unknown;
  user?: { login?: unknown } | null;
}

export const newMention = defineTrigger({
  id: 'github.new_mention',
  title: 'New Mention',
  description:
    'Fires when a new issue, pull request, comment (on an issue, a diff line or a discussion), review or discussion mentions @login (config `login`, required); `mention` says where.',
  delivery: 'webhook',
  config: MentionConfig,
  event: Mentioned,
  sample: {
    action: 'created',
    mention: {
      login: 'hacktocat',
      in: 'comment',
      body: '@hacktocat could you double-check the other READMEs?',
      html_url: issueComment.html_url,
      author: 'Codertocat',
    },
    comment: { ...issueComment, body: '@hacktocat could you double-check the other READMEs?' },
    issue: spellingIssue,
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: [...new Set(SOURCES.map((source) => source.event))],
    match: (delivery, config) => {
      for (const source of SOURCES) {
        const payload = payloadOf(delivery, config, source.event, [source.action]);
        const written = payload?.[source.field] as Written | undefined;
        if (payload === undefined || written === undefined) continue;
        if (!bodyMentions(written.body, config.login)) return [];
        const mention: Event['mention'] = {
          login: config.login,
          in: source.in,
          body: String(written.body),
          html_url: String(written.html_url ?? ''),
          author: String(written.user?.login ?? ''),
        };
        return [{ ...(payload as unknown as Event), mention }];
      }
      return [];
    },
  },
});
