import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld, readmePullRequest } from './sample-parts.js';
import { Label } from './shapes/label.js';
import { Open } from './shapes/open-object.js';
import { PullRequest } from './shapes/pull-request.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { User } from './shapes/user.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const UPDATES = [
  'edited',
  'converted_to_draft',
  'ready_for_review',
  'closed',
  'reopened',
  'synchronize',
  'labeled',
  'unlabeled',
  'assigned',
  'unassigned',
] as const;

const PullRequestUpdated = Type.Object({
  action: Type.Union(UPDATES.map((action) => Type.Literal(action))),
  number: Type.Integer(),
  pull_request: PullRequest,
  changes: Type.Optional(Open({}, 'With edited: the previous values, e.g. { "title": { "from": "…" } }')),
  before: Type.Optional(Type.String({ description: 'With synchronize: the head sha before the push' })),
  after: Type.Optional(Type.String({ description: 'With synchronize: the head sha after the push' })),
  label: Type.Optional(Label),
  assignee: Type.Optional(Type.Union([User, Type.Null()])),
  ...RepositoryEnvelope,
});

export const updatedPullRequest = defineTrigger({
  id: 'github.updated_pull_request',
  title: 'Updated Pull Request',
  description:
    'Fires when a pull request is edited, converted to draft, marked ready, closed (merged or not: see pull_request.merged), reopened, pushed to (synchronize), labeled, unlabeled, assigned or unassigned.',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: PullRequestUpdated,
  sample: {
    action: 'closed',
    number: 2,
    pull_request: {
      ...readmePullRequest,
      state: 'closed',
      closed_at: '2019-05-15T15:21:10Z',
      merged_at: '2019-05-15T15:21:10Z',
      merged: true,
      merged_by: codertocat,
    },
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['pull_request'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof PullRequestUpdated>>(delivery, config, 'pull_request', UPDATES),
  },
});
