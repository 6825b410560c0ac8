import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { hacktocat, helloWorld, questionDiscussion } from './sample-parts.js';
import { Discussion, DiscussionComment } from './shapes/discussion.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const DiscussionCommentCreated = Type.Object({
  action: Type.Literal('created'),
  comment: DiscussionComment,
  discussion: Discussion,
  ...RepositoryEnvelope,
});

export const newDiscussionComment = defineTrigger({
  id: 'github.new_discussion_comment',
  title: 'New Discussion Comment',
  description: 'Fires when a comment or reply is posted in a discussion (`discussion_comment` created).',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: DiscussionCommentCreated,
  sample: {
    action: 'created',
    comment: {
      id: 550062,
      node_id: 'MDE3OkRpc2N1c3Npb25Db21tZW50NTUwMDYy',
      body: 'Run `npm test` from the repository root.',
      html_url: 'https://github.com/Codertocat/Hello-World/discussions/4#discussioncomment-550062',
      parent_id: null,
      user: hacktocat,
      author_association: 'CONTRIBUTOR',
      created_at: '2021-03-30T20:21:30Z',
      updated_at: '2021-03-30T20:21:30Z',
    },
    discussion: { ...questionDiscussion, comments: 1 },
    repository: helloWorld,
    sender: hacktocat,
  },
  webhook: {
    subscribes: ['discussion_comment'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof DiscussionCommentCreated>>(delivery, config, 'discussion_comment', [
        'created',
      ]),
  },
});
