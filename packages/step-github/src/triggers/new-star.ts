import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { Nullable } from '../nullable.js';
import { payloadEvents } from './github-delivery.js';
import { hacktocat, helloWorld } from './sample-parts.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const Starred = Type.Object({
  action: Type.Literal('created'),
  starred_at: Nullable(Type.String({ description: 'When the star was given' })),
  ...RepositoryEnvelope,
});

export const newStar = defineTrigger({
  id: 'github.new_star',
  title: 'New Star',
  description: 'Fires when someone stars a repository (`star` created); `sender` is who starred it.',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: Starred,
  sample: {
    action: 'created',
    starred_at: '2019-05-15T15:20:40Z',
    repository: helloWorld,
    sender: hacktocat,
  },
  webhook: {
    subscribes: ['star'],
    match: (delivery, config) => payloadEvents<Static<typeof Starred>>(delivery, config, 'star', ['created']),
  },
});
