import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { hacktocat, helloWorld } from './sample-parts.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const Watching = Type.Object({
  action: Type.Literal('started'),
  ...RepositoryEnvelope,
});

export const newWatcher = defineTrigger({
  id: 'github.new_watcher',
  title: 'New Watcher',
  description:
    "Fires when someone stars a repository, as GitHub's older `watch` event reports it (`watch` started); `sender` is who.",
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: Watching,
  sample: { action: 'started', repository: helloWorld, sender: hacktocat },
  webhook: {
    subscribes: ['watch'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof Watching>>(delivery, config, 'watch', ['started']),
  },
});
