import { describe, expect, it } from '@jest/globals';
import { DEMO_ISSUES, DEMO_TEAM, HUBOT_TOKEN, MONA_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import { KEY, REPO } from './pull-fixture.js';

const PULL = `${REPO}/pulls/${DEMO_ISSUES.loginPull}`;

describe('the emulated review API', () => {
  const gh = useGithubEmulator();
  const http = (method: string, path: string, options?: { token?: string; body?: unknown }) =>
    githubHttp(gh.emulator, method, path, options);
  const pull = () => gh.emulator.state.issues.find(KEY, DEMO_ISSUES.loginPull)?.pull_request;

  it('refuses the author as a reviewer with GitHub’s message, changing nothing', async () => {
    const refused = await http('POST', `${PULL}/requested_reviewers`, { body: { reviewers: ['octocat'] } });
    expect(refused).toMatchObject({
      status: 422,
      body: { message: 'Review cannot be requested from pull request author.' },
    });
    expect(pull()?.requested_reviewers).toEqual(['hubot']);
  });

  it('refuses reviewers and teams that are not collaborators', async () => {
    for (const body of [
      { reviewers: ['mona'] },
      { reviewers: ['nobody-at-all'] },
      { team_reviewers: ['ghosts'] },
    ]) {
      const refused = await http('POST', `${PULL}/requested_reviewers`, { body });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toContain('Reviews may only be requested from collaborators.');
    }
    expect(pull()).toMatchObject({ requested_reviewers: ['hubot'], requested_teams: [] });
  });

  it('requests and removes users and teams', async () => {
    const requested = await http('POST', `${PULL}/requested_reviewers`, {
      body: { reviewers: ['hubot'], team_reviewers: [DEMO_TEAM] },
    });
    expect(requested.status).toBe(201);
    expect(requested.body.requested_reviewers.map((user: { login: string }) => user.login)).toEqual([
      'hubot',
    ]);
    expect(requested.body.requested_teams.map((team: { slug: string }) => team.slug)).toEqual(['core']);
    const removed = await http('DELETE', `${PULL}/requested_reviewers`, {
      body: { reviewers: ['hubot'], team_reviewers: [DEMO_TEAM] },
    });
    expect(removed.body).toMatchObject({ requested_reviewers: [], requested_teams: [] });
    const listed = await http('GET', `${PULL}/requested_reviewers`);
    expect(listed.body).toEqual({ users: [], teams: [] });
    expect((await http('DELETE', `${PULL}/requested_reviewers`, { body: {} })).status).toBe(422);
  });

  it('removes a reviewer from the requests once they submit a review', async () => {
    const approved = await http('POST', `${PULL}/reviews`, {
      token: HUBOT_TOKEN,
      body: { event: 'APPROVE' },
    });
    expect(approved.body).toMatchObject({
      state: 'APPROVED',
      user: { login: 'hubot' },
      author_association: 'COLLABORATOR',
    });
    expect(approved.body.commit_id).toBe(gh.emulator.state.git.branchSha(KEY, 'feature/login'));
    expect(pull()?.requested_reviewers).toEqual([]);
  });

  it('refuses the author’s approval and a comment without a body, recording no review', async () => {
    const own = await http('POST', `${PULL}/reviews`, { body: { event: 'APPROVE' } });
    expect(own).toMatchObject({
      status: 422,
      body: { message: 'Unprocessable Entity', errors: ['Review Can not approve your own pull request'] },
    });
    const empty = await http('POST', `${PULL}/reviews`, { token: HUBOT_TOKEN, body: { event: 'COMMENT' } });
    expect(empty.status).toBe(422);
    expect(pull()?.reviews).toHaveLength(1);
    expect(pull()?.requested_reviewers).toEqual(['hubot']);
  });

  it('keeps a pending review to its author until it is submitted', async () => {
    const pending = await http('POST', `${PULL}/reviews`, {
      token: MONA_TOKEN,
      body: { body: 'Half written' },
    });
    expect(pending.body).toMatchObject({ state: 'PENDING' });
    expect(pending.body.submitted_at).toBeUndefined();
    const states = async (token?: string) =>
      (await http('GET', `${PULL}/reviews`, { token })).body.map((review: { state: string }) => review.state);
    expect(await states()).toEqual(['COMMENTED']);
    expect(await states(MONA_TOKEN)).toEqual(['COMMENTED', 'PENDING']);
    const second = await http('POST', `${PULL}/reviews`, { token: MONA_TOKEN, body: { body: 'Another' } });
    expect(second.status).toBe(422);
    const submitted = await http('POST', `${PULL}/reviews/${pending.body.id}/events`, {
      token: MONA_TOKEN,
      body: { event: 'REQUEST_CHANGES', body: 'Please rename the function.' },
    });
    expect(submitted.body).toMatchObject({ state: 'CHANGES_REQUESTED', body: 'Please rename the function.' });
    expect(await states()).toEqual(['COMMENTED', 'CHANGES_REQUESTED']);
  });
});
