import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld, octocoders, octocodersOwner } from './sample-parts.js';
import { Organization, Repository } from './shapes/repository.js';
import { User } from './shapes/user.js';
import { OrganizationConfig } from './trigger-config.js';

const RepositoryCreated = Type.Object({
  action: Type.Literal('created'),
  repository: Repository,
  organization: Organization,
  sender: User,
});

export const newRepository = defineTrigger({
  id: 'github.new_repository',
  title: 'New Repository',
  description:
    'Fires when a repository is created in an organization (`repository` created, sent to organization hooks only).',
  delivery: 'webhook',
  config: OrganizationConfig,
  event: RepositoryCreated,
  sample: {
    action: 'created',
    repository: {
      ...helloWorld,
      id: 186853261,
      node_id: 'MDEwOlJlcG9zaXRvcnkxODY4NTMyNjE=',
      full_name: 'Octocoders/Hello-World',
      owner: octocodersOwner,
      html_url: 'https://github.com/Octocoders/Hello-World',
    },
    organization: octocoders,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['repository'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof RepositoryCreated>>(delivery, config, 'repository', ['created']),
  },
});
