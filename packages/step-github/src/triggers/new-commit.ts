import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadOf } from './github-delivery.js';
import { codertocat, helloWorld, noreplyCodertocat, readmeCommit } from './sample-parts.js';
import { PushedCommit, PushFields } from './shapes/push.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const CommitPushed = Type.Object({
  commit: PushedCommit,
  ref: PushFields.ref,
  pusher: PushFields.pusher,
  ...RepositoryEnvelope,
});

type Event = Static<typeof CommitPushed>;

export const newCommit = defineTrigger({
  id: 'github.new_commit',
  title: 'New Commit',
  description:
    "Fires once for each commit of a push (`push`), oldest first, as GitHub lists them; the event is the commit with the push's ref, pusher, repository and sender.",
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: CommitPushed,
  sample: {
    commit: readmeCommit,
    ref: 'refs/heads/master',
    pusher: noreplyCodertocat,
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['push'],
    match: (delivery, config) => {
      const push = payloadOf(delivery, config, 'push');
      if (push === undefined || !Array.isArray(push.commits)) return [];
      const { ref, pusher, repository, organization, sender } = push as unknown as Event;
      return (push.commits as Event['commit'][]).map(
        (commit): Event => ({
          commit,
          ref,
          pusher,
          repository,
          ...(organization === undefined ? {} : { organization }),
          sender,
        }),
      );
    },
  },
});
