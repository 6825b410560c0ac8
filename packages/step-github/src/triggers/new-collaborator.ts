import { defineTrigger, type Static, Type, withOptions } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { codertocat, hacktocat, helloWorld } from './sample-parts.js';
import { Open } from './shapes/open-object.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { User } from './shapes/user.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const MemberAdded = Type.Object({
  action: Type.Literal('added'),
  member: withOptions(User, { description: 'The new collaborator' }),
  changes: Type.Optional(Open({}, 'The permission granted, e.g. { "permission": { "to": "write" } }')),
  ...RepositoryEnvelope,
});

export const newCollaborator = defineTrigger({
  id: 'github.new_collaborator',
  title: 'New Collaborator',
  description:
    'Fires when a user is added as a collaborator to a repository (`member` added); `member` is who.',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: MemberAdded,
  sample: {
    action: 'added',
    member: hacktocat,
    changes: { permission: { to: 'write' } },
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['member'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof MemberAdded>>(delivery, config, 'member', ['added']),
  },
});
