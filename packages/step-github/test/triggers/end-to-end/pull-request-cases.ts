import { createBranch, createPullRequest } from '../../../src/index.js';
import {
  DEMO_FEATURE_BRANCH,
  DEMO_ISSUES,
  DEMO_REPO,
  DEMO_TAG,
  HUBOT_TOKEN,
} from '../../../src/testing/index.js';
import type { TriggerCase } from './trigger-case.js';

const PULL = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/pulls/${DEMO_ISSUES.loginPull}`;

/** Triggers about pull requests, on the demo's open pull request (feature/login into main, by octocat). */
export const PULL_REQUEST_CASES: TriggerCase[] = [
  {
    trigger: 'github.new_pull_request',
    config: { ...DEMO_REPO },
    filter: '$event.pull_request.draft = false',
    summary: "$event.pull_request.title & ' into ' & $event.pull_request.base.ref",
    expected: 'Backport the login form into release/1.x',
    cause: 'create_pull_request',
    // feature/login is already proposed for main: a release branch gives it a second base.
    arrange: async (hand) => {
      await hand.run(createBranch, { ...DEMO_REPO, branch: 'release/1.x', from: DEMO_TAG });
    },
    act: async (hand) => {
      await hand.run(createPullRequest, {
        ...DEMO_REPO,
        head: DEMO_FEATURE_BRANCH,
        base: 'release/1.x',
        title: 'Backport the login form',
      });
    },
  },
  {
    trigger: 'github.updated_pull_request',
    config: { ...DEMO_REPO },
    filter: "$event.action = 'edited'",
    summary: "$event.action & ' #' & $event.number & ': ' & $event.pull_request.title",
    expected: `edited #${DEMO_ISSUES.loginPull}: Add a login form with a remember-me box`,
    cause: 'PATCH /repos/{owner}/{repo}/pulls/{number} with a new title',
    act: async (hand) => {
      await hand.http('PATCH', PULL, { body: { title: 'Add a login form with a remember-me box' } });
    },
  },
  {
    trigger: 'github.new_review_request',
    config: { ...DEMO_REPO },
    filter: '$exists($event.requested_reviewer)',
    summary: "$event.requested_reviewer.login & ' asked to review #' & $event.number",
    expected: `hubot asked to review #${DEMO_ISSUES.loginPull}`,
    cause: 'POST /repos/{owner}/{repo}/pulls/{number}/requested_reviewers',
    // hubot is asked already in the demo: asked again, GitHub would send nothing.
    arrange: async (hand) => {
      await hand.http('DELETE', `${PULL}/requested_reviewers`, { body: { reviewers: ['hubot'] } });
    },
    act: async (hand) => {
      await hand.http('POST', `${PULL}/requested_reviewers`, { body: { reviewers: ['hubot'] } });
    },
  },
  {
    trigger: 'github.new_pull_request_review',
    config: { ...DEMO_REPO },
    filter: "$event.review.state = 'approved'",
    summary: "$event.review.state & ' by ' & $event.review.user.login & ': ' & $event.review.body",
    expected: 'approved by hubot: Works for me.',
    cause: 'POST /repos/{owner}/{repo}/pulls/{number}/reviews as hubot',
    act: async (hand) => {
      await hand.http('POST', `${PULL}/reviews`, {
        token: HUBOT_TOKEN,
        body: { event: 'APPROVE', body: 'Works for me.' },
      });
    },
  },
];
