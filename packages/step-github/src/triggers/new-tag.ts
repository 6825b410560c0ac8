import { defineTrigger } from '@toolsteps/sdk';
import { payloadOf } from './github-delivery.js';
import { RefCreated, type RefCreatedEvent } from './ref-created.js';
import { codertocat, helloWorld } from './sample-parts.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

export const newTag = defineTrigger({
  id: 'github.new_tag',
  title: 'New Tag',
  description: 'Fires when a tag is created in a repository (`create` with ref_type tag).',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: RefCreated('tag'),
  sample: {
    ref: 'v1.0.0',
    ref_type: 'tag',
    master_branch: 'master',
    description: null,
    pusher_type: 'user',
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['create'],
    match: (delivery, config) => {
      const payload = payloadOf(delivery, config, 'create');
      return payload?.ref_type === 'tag' ? [payload as RefCreatedEvent & { ref_type: 'tag' }] : [];
    },
  },
});
