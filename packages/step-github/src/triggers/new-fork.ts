import { defineTrigger, type Static, Type, withOptions } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { hacktocat, helloWorld } from './sample-parts.js';
import { Repository, RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const Forked = Type.Object({
  forkee: withOptions(Repository, { description: 'The new fork' }),
  ...RepositoryEnvelope,
});

export const newFork = defineTrigger({
  id: 'github.new_fork',
  title: 'New Fork',
  description:
    'Fires when a repository is forked (`fork`); `forkee` is the new fork, `repository` the original.',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: Forked,
  sample: {
    forkee: {
      ...helloWorld,
      id: 186853261,
      node_id: 'MDEwOlJlcG9zaXRvcnkxODY4NTMyNjE=',
      full_name: 'hacktocat/Hello-World',
      owner: hacktocat,
      html_url: 'https://github.com/hacktocat/Hello-World',
      fork: true,
    },
    repository: helloWorld,
    sender: hacktocat,
  },
  webhook: {
    subscribes: ['fork'],
    match: (delivery, config) => payloadEvents<Static<typeof Forked>>(delivery, config, 'fork'),
  },
});
