import { describe, expect, it } from '@jest/globals';
import { createIssue } from '../../src/steps/create-issue.js';
import { createIssueComment } from '../../src/steps/create-issue-comment.js';
import { getIssueAssignees } from '../../src/steps/get-issue-assignees.js';
import { updateIssue } from '../../src/steps/update-issue.js';
import { DEMO_ISSUES, DEMO_REPO, MONA_TOKEN, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

type Json = any;
const KEY = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);

describe('issues: create, comment on, update and read assignees', () => {
  const gh = useGithubEmulator();

  it('creates an issue with labels, assignees and a milestone, making unknown labels on the fly', async () => {
    const outcome = await gh.run<Json>(createIssue, {
      ...DEMO_REPO,
      title: 'Checkout button does nothing',
      body: 'Clicking **Pay** has no effect.',
      labels: ['bug', 'payments'],
      assignees: ['hubot', 'octocat'],
      milestone: 1,
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({
      number: 8,
      state: 'open',
      title: 'Checkout button does nothing',
      // GitHub keeps the step's hidden marker at the end of the body, as written.
      body: expect.stringMatching(
        /^Clicking \*\*Pay\*\* has no effect\.\n\n<!-- toolsteps:[0-9a-f]{32} -->$/,
      ),
      user: { login: 'octocat' },
      labels: [
        { name: 'bug', color: 'd73a4a' },
        { name: 'payments', color: 'ededed' },
      ],
      assignee: { login: 'hubot' },
      assignees: [{ login: 'hubot' }, { login: 'octocat' }],
      milestone: { number: 1, title: 'v1.0' },
      comments: 0,
      closed_at: null,
    });
    expect(outcome.result.html_url).toMatch(/\/octo-org\/hello-world\/issues\/8$/);
    expect(outcome.exchanges[0]).toMatchObject({
      method: 'POST',
      path: '/repos/octo-org/hello-world/issues',
      status: 201,
    });
    expect(gh.emulator.state.labels.find(KEY, 'payments')).toBeDefined();
  });

  it('lets a user without push access open an issue, silently dropping labels and assignees as GitHub does', async () => {
    const outcome = await gh.run<Json>(
      createIssue,
      {
        ...DEMO_REPO,
        title: 'Typo on the home page',
        labels: ['documentation', 'brand-new'],
        assignees: ['hubot'],
      },
      { account: gh.emulator.accountFor('mona', MONA_TOKEN) },
    );
    expect(outcome.result).toMatchObject({
      user: { login: 'mona' },
      labels: [],
      assignees: [],
      assignee: null,
    });
    expect(gh.emulator.state.labels.find(KEY, 'brand-new')).toBeUndefined();
  });

  it('comments on an issue and on a pull request, counting the comments', async () => {
    const before = gh.emulator.state.issues.find(KEY, DEMO_ISSUES.darkMode)?.comments.length;
    const outcome = await gh.run<Json>(createIssueComment, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.darkMode,
      body: 'Fixed by raising the contrast to 4.5:1.',
    });
    expect(outcome.result).toMatchObject({
      body: expect.stringMatching(
        /^Fixed by raising the contrast to 4\.5:1\.\n\n<!-- toolsteps:[0-9a-f]{32} -->$/,
      ),
      user: { login: 'octocat' },
      author_association: 'MEMBER',
    });
    expect(outcome.result.issue_url).toMatch(/\/repos\/octo-org\/hello-world\/issues\/2$/);
    expect(outcome.result.html_url).toMatch(/\/issues\/2#issuecomment-\d+$/);
    expect(gh.emulator.state.issues.find(KEY, DEMO_ISSUES.darkMode)?.comments.length).toBe((before ?? 0) + 1);

    const onPull = await gh.run<Json>(createIssueComment, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.loginPull,
      body: 'Ready for another look.',
    });
    expect(onPull.result.html_url).toMatch(/\/pull\/7#issuecomment-\d+$/);
  });

  it('closes an issue as not planned, then reopens it', async () => {
    const closed = await gh.run<Json>(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.passkeys,
      state: 'closed',
      state_reason: 'not_planned',
    });
    expect(closed.result).toMatchObject({ state: 'closed', state_reason: 'not_planned' });
    expect(closed.result.closed_at).toEqual(expect.any(String));
    expect(closed.exchanges[0]).toMatchObject({
      method: 'PATCH',
      requestBody: { state: 'closed', state_reason: 'not_planned' },
    });
    expect(gh.emulator.state.issues.find(KEY, DEMO_ISSUES.passkeys)?.closed_by).toBe('octocat');

    const reopened = await gh.run<Json>(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.passkeys,
      state: 'open',
      state_reason: 'reopened',
    });
    expect(reopened.result).toMatchObject({ state: 'open', state_reason: 'reopened', closed_at: null });
  });

  it('replaces the title, labels and assignees, and removes the milestone with null', async () => {
    const outcome = await gh.run<Json>(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.safariCrash,
      title: 'Login page crashes on Safari 17',
      labels: ['bug', 'good first issue'],
      assignees: ['octocat'],
      milestone: null,
    });
    expect(outcome.result).toMatchObject({
      title: 'Login page crashes on Safari 17',
      labels: [{ name: 'bug' }, { name: 'good first issue' }],
      assignees: [{ login: 'octocat' }],
      milestone: null,
      state: 'open',
    });
    const cleared = await gh.run<Json>(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.safariCrash,
      labels: [],
      assignees: [],
    });
    expect(cleared.result).toMatchObject({ labels: [], assignees: [], assignee: null });
  });

  it('reads the assignees of an issue as logins and users', async () => {
    const outcome = await gh.run<Json>(getIssueAssignees, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.safariCrash,
    });
    expect(outcome.result).toMatchObject({
      number: 1,
      title: 'Login page crashes on Safari',
      state: 'open',
      is_pull_request: false,
      logins: ['hubot'],
      assignees: [{ login: 'hubot', type: 'User' }],
      assignee: { login: 'hubot' },
    });
    expect(outcome.exchanges).toHaveLength(1);
  });

  it('reads an empty assignee list, and says when the number is a pull request', async () => {
    const nobody = await gh.run<Json>(getIssueAssignees, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.darkMode,
    });
    expect(nobody.result).toMatchObject({
      logins: [],
      assignees: [],
      assignee: null,
      is_pull_request: false,
    });
    const pull = await gh.run<Json>(getIssueAssignees, { ...DEMO_REPO, issue_number: DEMO_ISSUES.loginPull });
    expect(pull.result).toMatchObject({ is_pull_request: true, title: 'Add a login form' });
  });
});
