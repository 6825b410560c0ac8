import { describe, expect, it } from '@jest/globals';
import { createIssue } from '../../src/steps/create-issue.js';
import { createIssueComment } from '../../src/steps/create-issue-comment.js';
import { getIssueAssignees } from '../../src/steps/get-issue-assignees.js';
import { updateIssue } from '../../src/steps/update-issue.js';
import { DEMO_ISSUES, DEMO_REPO, DEMO_TOKEN, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const KEY = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);

describe('bad input to the issue steps: a clear error, and nothing written', () => {
  const gh = useGithubEmulator();
  const issueCount = () => gh.emulator.state.issues.list(KEY).length;

  /** Runs a step that must fail before any request reaches GitHub. */
  async function refusedBeforeSending(step: Parameters<typeof gh.run>[0], input: Record<string, unknown>) {
    const outcome = await gh.run(step, input);
    expect(outcome.ok).toBe(false);
    expect(outcome.exchanges).toEqual([]);
    expect(gh.emulator.requests).toEqual([]);
    return outcome.error!;
  }

  it('refuses an issue without a title, naming the field', async () => {
    const error = await refusedBeforeSending(createIssue, { ...DEMO_REPO, body: 'No title here' });
    expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/title' });
    expect(issueCount()).toBe(7);
  });

  it('refuses owner and repo values that would change the route', async () => {
    for (const [field, value] of [
      ['owner', 'octo-org/evil'],
      ['owner', '..'],
      ['repo', 'hello-world?x=1'],
      ['repo', '../../user'],
      ['repo', '.'],
    ] as const) {
      const error = await refusedBeforeSending(createIssue, { ...DEMO_REPO, [field]: value, title: 'x' });
      expect(error).toMatchObject({ code: 'validation', field: `/steps/0/args/${field}` });
    }
    expect(issueCount()).toBe(7);
  });

  it('refuses an update with nothing to change, sending no request', async () => {
    const error = await refusedBeforeSending(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.darkMode,
    });
    expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args' });
    expect(error.message).toContain('Nothing to change: give at least one of title, body, state');
  });

  it('refuses a state_reason that contradicts the state or comes without one', async () => {
    const contradicting = await refusedBeforeSending(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.darkMode,
      state: 'open',
      state_reason: 'not_planned',
    });
    expect(contradicting).toMatchObject({ code: 'validation', field: '/steps/0/args/state_reason' });
    expect(contradicting.message).toContain(
      'state_reason "not_planned" goes with state "closed", not "open"',
    );
    const alone = await refusedBeforeSending(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.darkMode,
      state_reason: 'completed',
    });
    expect(alone.message).toContain('which is missing');
    expect(gh.emulator.state.issues.find(KEY, DEMO_ISSUES.darkMode)?.state).toBe('open');
  });

  it('refuses an unknown state or a label with outer spaces before sending', async () => {
    const state = await refusedBeforeSending(updateIssue, { ...DEMO_REPO, issue_number: 2, state: 'done' });
    expect(state.field).toBe('/steps/0/args/state');
    const label = await refusedBeforeSending(createIssue, { ...DEMO_REPO, title: 'x', labels: [' bug'] });
    expect(label.field).toBe('/steps/0/args/labels/0');
  });

  it('answers not_found for a comment on an issue that does not exist, adding no comment', async () => {
    const comments = () =>
      gh.emulator.state.issues.list(KEY).reduce((sum, issue) => sum + issue.comments.length, 0);
    const before = comments();
    const outcome = await gh.run(createIssueComment, {
      ...DEMO_REPO,
      issue_number: 404,
      body: 'Anyone there?',
    });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(outcome.error?.message).toContain('Not Found');
    expect(comments()).toBe(before);
  });

  it('surfaces GitHub’s 422 for an assignee without push access and creates no issue', async () => {
    const outcome = await gh.run(createIssue, { ...DEMO_REPO, title: 'Assign mona', assignees: ['mona'] });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('Validation Failed (assignees: invalid)');
    expect(outcome.error?.details).toMatchObject({
      body: { errors: [{ resource: 'Issue', field: 'assignees', code: 'invalid', value: 'mona' }] },
    });
    expect(issueCount()).toBe(7);
    expect(gh.emulator.state.issues.list(KEY).some((issue) => issue.title === 'Assign mona')).toBe(false);
  });

  it('refuses an unknown milestone without half-applying the other changes', async () => {
    const outcome = await gh.run(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.darkMode,
      title: 'Renamed',
      labels: ['enhancement'],
      milestone: 42,
    });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('milestone: invalid');
    const issue = gh.emulator.state.issues.find(KEY, DEMO_ISSUES.darkMode);
    expect(issue).toMatchObject({
      title: 'Dark mode colours are unreadable',
      labels: ['bug'],
      milestone: null,
    });
  });

  it('answers not_found for a private repository the account cannot see', async () => {
    const outcome = await gh.run(getIssueAssignees, {
      owner: 'octocat',
      repo: 'no-such-repo',
      issue_number: 1,
    });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('reports a revoked token as unauthorized, without the token in the error', async () => {
    gh.emulator.revokeToken(DEMO_TOKEN);
    const outcome = await gh.run(createIssue, { ...DEMO_REPO, title: 'After revocation' });
    expect(outcome.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(outcome.error?.message).toContain('Bad credentials');
    expect(JSON.stringify(outcome)).not.toContain(DEMO_TOKEN);
    expect(issueCount()).toBe(7);
  });
});
