import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { codertocat, hacktocat, helloWorld, readmePullRequest } from './sample-parts.js';
import { PullRequest, Team } from './shapes/pull-request.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { User } from './shapes/user.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const ReviewRequested = Type.Object({
  action: Type.Literal('review_requested'),
  number: Type.Integer(),
  pull_request: PullRequest,
  requested_reviewer: Type.Optional(User),
  requested_team: Type.Optional(Team),
  ...RepositoryEnvelope,
});

export const newReviewRequest = defineTrigger({
  id: 'github.new_review_request',
  title: 'New Review Request',
  description:
    'Fires when a review is requested on a pull request (`pull_request` review_requested): from a user (`requested_reviewer`) or a team (`requested_team`).',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: ReviewRequested,
  sample: {
    action: 'review_requested',
    number: 2,
    pull_request: { ...readmePullRequest, requested_reviewers: [hacktocat] },
    requested_reviewer: hacktocat,
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['pull_request'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof ReviewRequested>>(delivery, config, 'pull_request', ['review_requested']),
  },
});
