import { describe, expect, it } from '@jest/globals';
import { getReviewers } from '../../src/steps/get-reviewers.js';
import { DEMO_ISSUES, DEMO_REPO, DEMO_TEAM, HUBOT_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import { KEY, REPO } from './pull-fixture.js';

type Json = any;
const PULL = `${REPO}/pulls/${DEMO_ISSUES.loginPull}`;

describe('github.get_reviewers combines review requests and submitted reviews', () => {
  const gh = useGithubEmulator();
  const reviewers = async () => {
    const outcome = await gh.run<Json>(getReviewers, { ...DEMO_REPO, pull_number: DEMO_ISSUES.loginPull });
    if (!outcome.ok) throw new Error(outcome.error?.message);
    return outcome;
  };

  it('reads the seeded pull request: hubot asked, mona commented', async () => {
    const outcome = await reviewers();
    expect(outcome.result).toMatchObject({
      requested_users: [{ login: 'hubot' }],
      requested_teams: [],
      reviews: [{ user: { login: 'mona' }, state: 'COMMENTED', submitted_at: '2024-03-02T10:00:00Z' }],
      reviewers: [
        { login: 'hubot', requested: true, state: null, submitted_at: null },
        { login: 'mona', requested: false, state: 'COMMENTED', submitted_at: '2024-03-02T10:00:00Z' },
      ],
      approved_by: [],
      changes_requested_by: [],
    });
    expect(outcome.exchanges.map((exchange) => `${exchange.method} ${exchange.path.split('?')[0]}`)).toEqual([
      'GET /repos/octo-org/hello-world/pulls/7/requested_reviewers',
      'GET /repos/octo-org/hello-world/pulls/7/reviews',
    ]);
  });

  it('shows an approval replacing the request, a team asked, and a later comment not undoing the approval', async () => {
    const asked = await githubHttp(gh.emulator, 'POST', `${PULL}/requested_reviewers`, {
      body: { team_reviewers: [DEMO_TEAM] },
    });
    expect(asked.status).toBe(201);
    const approve = { token: HUBOT_TOKEN, body: { event: 'APPROVE', body: 'Ship it' } };
    expect((await githubHttp(gh.emulator, 'POST', `${PULL}/reviews`, approve)).status).toBe(200);
    const comment = { token: HUBOT_TOKEN, body: { event: 'COMMENT', body: 'One nit, not blocking.' } };
    expect((await githubHttp(gh.emulator, 'POST', `${PULL}/reviews`, comment)).status).toBe(200);

    const outcome = await reviewers();
    expect(outcome.result.requested_users).toEqual([]);
    expect(outcome.result.requested_teams).toMatchObject([{ slug: 'core', name: 'Core' }]);
    expect(outcome.result.reviews.map((review: Json) => [review.user.login, review.state])).toEqual([
      ['mona', 'COMMENTED'],
      ['hubot', 'APPROVED'],
      ['hubot', 'COMMENTED'],
    ]);
    expect(outcome.result.reviewers).toMatchObject([
      { login: 'mona', requested: false, state: 'COMMENTED' },
      { login: 'hubot', requested: false, state: 'APPROVED' },
    ]);
    expect(outcome.result.approved_by).toEqual(['hubot']);
  });

  it('counts changes requested', async () => {
    const body = { token: HUBOT_TOKEN, body: { event: 'REQUEST_CHANGES', body: 'Please add tests.' } };
    await githubHttp(gh.emulator, 'POST', `${PULL}/reviews`, body);
    const outcome = await reviewers();
    expect(outcome.result.changes_requested_by).toEqual(['hubot']);
    expect(outcome.result.reviewers).toMatchObject([
      { login: 'mona', state: 'COMMENTED' },
      { login: 'hubot', requested: false, state: 'CHANGES_REQUESTED' },
    ]);
  });

  it('follows every page of reviews', async () => {
    const pull = gh.emulator.state.issues.find(KEY, DEMO_ISSUES.loginPull)?.pull_request;
    for (let index = 0; index < 120; index += 1) {
      gh.emulator.state.issues.addReview(pull!, {
        user: 'mona',
        body: `Note ${index}`,
        state: 'COMMENTED',
        commit_id: null,
        submitted_at: '2024-03-03T10:00:00Z',
      });
    }
    const outcome = await reviewers();
    expect(outcome.result.reviews).toHaveLength(121);
    expect(outcome.exchanges).toHaveLength(3);
    expect(outcome.result.reviewers).toHaveLength(2);
  });

  it('answers not_found for a number that is an issue, not a pull request', async () => {
    const outcome = await gh.run(getReviewers, { ...DEMO_REPO, pull_number: DEMO_ISSUES.darkMode });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses a pull_number that is not a positive integer before sending', async () => {
    const outcome = await gh.run(getReviewers, { ...DEMO_REPO, pull_number: '7/../../x' });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/pull_number' });
    expect(gh.emulator.requests).toEqual([]);
  });
});
