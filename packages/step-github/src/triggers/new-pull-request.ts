import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld, readmePullRequest } from './sample-parts.js';
import { PullRequest } from './shapes/pull-request.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const PullRequestOpened = Type.Object({
  action: Type.Union([Type.Literal('opened'), Type.Literal('ready_for_review')]),
  number: Type.Integer(),
  pull_request: PullRequest,
  ...RepositoryEnvelope,
});

export const newPullRequest = defineTrigger({
  id: 'github.new_pull_request',
  title: 'New Pull Request',
  description:
    'Fires when a pull request is opened, or a draft is marked ready for review (`pull_request` opened, ready_for_review).',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: PullRequestOpened,
  sample: {
    action: 'opened',
    number: 2,
    pull_request: readmePullRequest,
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['pull_request'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof PullRequestOpened>>(delivery, config, 'pull_request', [
        'opened',
        'ready_for_review',
      ]),
  },
});
