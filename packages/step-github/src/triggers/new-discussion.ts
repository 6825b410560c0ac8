import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld, questionDiscussion } from './sample-parts.js';
import { Discussion } from './shapes/discussion.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const DiscussionCreated = Type.Object({
  action: Type.Literal('created'),
  discussion: Discussion,
  ...RepositoryEnvelope,
});

export const newDiscussion = defineTrigger({
  id: 'github.new_discussion',
  title: 'New Discussion',
  description: "Fires when a discussion is started in a repository's Discussions (`discussion` created).",
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: DiscussionCreated,
  sample: { action: 'created', discussion: questionDiscussion, repository: helloWorld, sender: codertocat },
  webhook: {
    subscribes: ['discussion'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof DiscussionCreated>>(delivery, config, 'discussion', ['created']),
  },
});
