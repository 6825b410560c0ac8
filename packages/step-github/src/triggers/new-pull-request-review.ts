import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadOf } from './github-delivery.js';
import { codertocat, helloWorld, readmePullRequest, review } from './sample-parts.js';
import { PullRequest, Review } from './shapes/pull-request.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

/** What a submitted review says; a dismissal is `dismissed`, and a pending review is never delivered. */
const SUBMITTED_STATES = ['approved', 'changes_requested', 'commented'];

const ReviewSubmitted = Type.Object({
  action: Type.Literal('submitted'),
  review: Review,
  pull_request: PullRequest,
  ...RepositoryEnvelope,
});

type ReviewDelivery = Static<typeof ReviewSubmitted>;

export const newPullRequestReview = defineTrigger({
  id: 'github.new_pull_request_review',
  title: 'New Pull Request Review',
  description:
    'Fires when a review is submitted on a pull request (`pull_request_review` submitted): approved, changes requested or commented, as `review.state` says.',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: ReviewSubmitted,
  sample: {
    action: 'submitted',
    review,
    pull_request: readmePullRequest,
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['pull_request_review'],
    match: (delivery, config) => {
      const payload = payloadOf(delivery, config, 'pull_request_review', ['submitted']) as
        | ReviewDelivery
        | undefined;
      const state = String(payload?.review?.state).toLowerCase();
      return payload !== undefined && SUBMITTED_STATES.includes(state) ? [payload] : [];
    },
  },
});
