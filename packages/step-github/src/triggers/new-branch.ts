import { defineTrigger } from '@toolsteps/sdk';
import { payloadOf } from './github-delivery.js';
import { RefCreated, type RefCreatedEvent } from './ref-created.js';
import { codertocat, helloWorld } from './sample-parts.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

export const newBranch = defineTrigger({
  id: 'github.new_branch',
  title: 'New Branch',
  description: 'Fires when a branch is created in a repository (`create` with ref_type branch).',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: RefCreated('branch'),
  sample: {
    ref: 'fix-spelling',
    ref_type: 'branch',
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
      return payload?.ref_type === 'branch' ? [payload as RefCreatedEvent & { ref_type: 'branch' }] : [];
    },
  },
});
