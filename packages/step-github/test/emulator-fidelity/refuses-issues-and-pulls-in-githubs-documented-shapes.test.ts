import { describe, expect, it } from '@jest/globals';
import { createIssue } from '../../src/steps/create-issue.js';
import { createIssueComment } from '../../src/steps/create-issue-comment.js';
import { createPullRequest } from '../../src/steps/create-pull-request.js';
import { getIssueAssignees } from '../../src/steps/get-issue-assignees.js';
import { getReviewers } from '../../src/steps/get-reviewers.js';
import { updateIssue } from '../../src/steps/update-issue.js';
import { DEMO_ISSUES, DEMO_REPO, MONA_TOKEN, PRIVATE_REPO, repoKey } from '../../src/testing/index.js';
import { pushBranch } from '../pulls/pull-fixture.js';
import { useDocumentedAnswers } from './documented-answers.js';

const REPO = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}`;
const KEY = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);
const PULL = `${REPO}/pulls/${DEMO_ISSUES.loginPull}`;

const GAPS = {
  [`GET ${REPO}/pulls/${DEMO_ISSUES.darkMode}/requested_reviewers 404`]:
    'GitHub answers 404 for a number that is no pull request; the description lists only 200',
  [`GET ${PULL}/merge 404`]: "the description gives this 404 no body; GitHub sends its 'Not Found' body",
  [`POST ${PULL}/requested_reviewers 422`]:
    'the description gives this 422 no body; GitHub says why the reviewer was refused',
};

/** Each refusal the issue and pull request steps (and the routes beside them) can meet, judged by GitHub's description. */
describe("the issue and pull request routes refuse in GitHub's documented shapes", () => {
  const walk = useDocumentedAnswers(GAPS);
  const statuses = () => walk.statuses().map((line) => Number(line.split(' ').pop()));
  const asMona = () => ({ account: walk.gh.emulator.accountFor('mona', MONA_TOKEN) });

  it('issues: unknown, invalid, forbidden, archived and disabled', async () => {
    await walk.step(createIssue, { owner: 'octo-org', repo: 'nope', title: 'x' });
    await walk.step(createIssue, { ...DEMO_REPO, title: 'Assign mona', assignees: ['mona'] });
    await walk.step(createIssueComment, { ...DEMO_REPO, issue_number: 404, body: 'Anyone?' });
    await walk.step(updateIssue, { ...DEMO_REPO, issue_number: DEMO_ISSUES.darkMode, milestone: 42 });
    await walk.step(
      updateIssue,
      { ...DEMO_REPO, issue_number: DEMO_ISSUES.darkMode, title: 'Mine' },
      asMona(),
    );
    await walk.step(getIssueAssignees, { ...PRIVATE_REPO, issue_number: 1 }, asMona());
    await walk.http('GET', `${REPO}/issues/999`);
    await walk.http('GET', `${REPO}/issues?state=done`, { offSchema: true });
    await walk.http('PATCH', `${REPO}/issues/2`, { body: { state: 'done' }, offSchema: true });
    await walk.http('POST', `${REPO}/labels`, { body: { name: 'bug' } });
    await walk.http('POST', `${REPO}/labels`, { body: { name: 'new', color: 'red' } });
    await walk.http('POST', `${REPO}/issues/2/labels`, { body: {} });
    await walk.http('DELETE', `${REPO}/issues/2/labels/nope`);
    await walk.http('PUT', `${REPO}/issues/2/lock`, { body: { lock_reason: 'boring' }, offSchema: true });
    await walk.http('PUT', `${REPO}/issues/2/lock`, { token: MONA_TOKEN });
    await walk.http('PUT', `${REPO}/issues/2/lock`);
    await walk.http('POST', `${REPO}/issues/2/comments`, { token: MONA_TOKEN, body: { body: 'Locked?' } });
    await walk.http('GET', `${REPO}/assignees/mona`);
    walk.gh.emulator.state.repositories.get(KEY)!.has_issues = false;
    await walk.step(createIssue, { ...DEMO_REPO, title: 'Issues are off' });
    walk.gh.emulator.state.repositories.get(KEY)!.archived = true;
    await walk.step(createIssue, { ...DEMO_REPO, title: 'Archived' });
    expect(statuses()).toEqual([
      404, 422, 404, 422, 403, 404, 404, 422, 422, 422, 422, 422, 404, 422, 403, 204, 403, 404, 410, 403,
    ]);
    expect(walk.problems()).toEqual([]);
  });

  it('pull requests: unknown branches, duplicates, no commits, forbidden, unmergeable', async () => {
    await walk.step(createPullRequest, { ...DEMO_REPO, head: 'nowhere', base: 'main', title: 'x' });
    await walk.step(createPullRequest, { ...DEMO_REPO, head: 'feature/login', base: 'main', title: 'Twin' });
    await walk.step(createPullRequest, { ...DEMO_REPO, head: 'main', base: 'main', title: 'Empty' });
    pushBranch(walk.gh.emulator, 'by-mona', { 'mona.md': 'mona\n' });
    await walk.step(
      createPullRequest,
      { ...DEMO_REPO, head: 'by-mona', base: 'main', title: 'Mona' },
      asMona(),
    );
    await walk.step(getReviewers, { ...DEMO_REPO, pull_number: DEMO_ISSUES.darkMode });
    await walk.http('GET', `${REPO}/pulls/1`);
    await walk.http('GET', `${REPO}/pulls?state=merged`, { offSchema: true });
    await walk.http('GET', `${PULL}/merge`);
    await walk.http('PATCH', PULL, { token: MONA_TOKEN, body: { title: 'Mine' } });
    await walk.http('PATCH', PULL, { body: { state: 'merged' }, offSchema: true });
    await walk.http('PUT', `${PULL}/merge`, { token: MONA_TOKEN });
    await walk.http('PUT', `${PULL}/merge`, { body: { merge_method: 'fast-forward' }, offSchema: true });
    await walk.http('PUT', `${PULL}/merge`, { body: { sha: '0'.repeat(40) } });
    await walk.http('POST', `${PULL}/requested_reviewers`, { body: { reviewers: ['octocat'] } });
    await walk.http('POST', `${PULL}/requested_reviewers`, { body: { reviewers: ['nobody-here'] } });
    await walk.http('DELETE', `${PULL}/requested_reviewers`, { body: {}, offSchema: true });
    await walk.http('POST', `${PULL}/reviews`, { body: { event: 'APPROVE' } });
    await walk.http('POST', `${PULL}/reviews`, { token: MONA_TOKEN, body: { event: 'REQUEST_CHANGES' } });
    await walk.http('POST', `${PULL}/reviews/1/events`, { body: { event: 'APPROVE' } });
    const clash = pushBranch(walk.gh.emulator, 'clash', { 'README.md': 'Mine\n' });
    walk.gh.emulator.state.git.writeCommit(KEY, {
      branch: 'main',
      changes: { 'README.md': 'Theirs\n' },
      message: 'Edit the README on main',
      author: { name: 'Hubot', email: 'hubot@example.com' },
    });
    const opened = await walk.http('POST', `${REPO}/pulls`, {
      body: { title: 'Clash', head: 'clash', base: 'main' },
    });
    await walk.http('PUT', `${REPO}/pulls/${opened.body.number}/merge`, { body: { sha: clash } });
    await walk.http('PATCH', PULL, { body: { state: 'closed' } });
    await walk.http('PUT', `${PULL}/merge`);
    expect(statuses()).toEqual([
      422, 422, 422, 201, 404, 404, 422, 404, 403, 422, 403, 422, 409, 422, 422, 422, 422, 422, 404, 201, 405,
      200, 405,
    ]);
    expect(walk.problems()).toEqual([]);
  });
});
