import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld, noreplyCodertocat, readmeCommit } from './sample-parts.js';
import { PushFields } from './shapes/push.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const Pushed = Type.Object({ ...PushFields, ...RepositoryEnvelope });

export const newPush = defineTrigger({
  id: 'github.new_push',
  title: 'New Push',
  description:
    'Fires once per push to a repository (`push`): branches and tags, created, updated, forced or deleted; `commits` lists what it brought.',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: Pushed,
  sample: {
    ref: 'refs/heads/master',
    before: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
    after: readmeCommit.id,
    created: false,
    deleted: false,
    forced: false,
    base_ref: null,
    compare: 'https://github.com/Codertocat/Hello-World/compare/f95f852bd8fc...6113728f27ae',
    commits: [readmeCommit],
    head_commit: readmeCommit,
    pusher: noreplyCodertocat,
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['push'],
    match: (delivery, config) => payloadEvents<Static<typeof Pushed>>(delivery, config, 'push'),
  },
});
