import { describe, expect, it } from '@jest/globals';
import { createIssue } from '../../src/steps/create-issue.js';
import { updateIssue } from '../../src/steps/update-issue.js';
import { DEMO_ISSUES, DEMO_REPO, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

type Json = any;

const KEY = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);
const ISSUE_PATH = `/repos/octo-org/hello-world/issues/${DEMO_ISSUES.sessionExpiry}`;

describe('github.update_issue closes an issue as a duplicate of another', () => {
  const gh = useGithubEmulator();
  const issue = (number: number) => gh.emulator.state.issues.find(KEY, number);

  it('sends state_reason duplicate with the id of the issue it duplicates', async () => {
    const original = issue(DEMO_ISSUES.safariCrash)!;
    const outcome = await gh.run<Json>(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.sessionExpiry,
      state: 'closed',
      state_reason: 'duplicate',
      duplicate_issue_id: original.id,
    });
    expect(outcome.result).toMatchObject({ state: 'closed', state_reason: 'duplicate' });
    expect(outcome.exchanges[0].requestBody).toEqual({
      state: 'closed',
      state_reason: 'duplicate',
      duplicate_issue_id: original.id,
    });
    expect(issue(DEMO_ISSUES.sessionExpiry)).toMatchObject({ state: 'closed', state_reason: 'duplicate' });
  });

  it.each([
    ['without a state_reason', { state: 'closed' }],
    ['with another state_reason', { state: 'closed', state_reason: 'completed' }],
  ])('refuses duplicate_issue_id %s, sending nothing', async (_how, change) => {
    const outcome = await gh.run(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.sessionExpiry,
      ...change,
      duplicate_issue_id: 1,
    });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/duplicate_issue_id' });
    expect(outcome.error?.message).toContain('state_reason "duplicate"');
    expect(gh.emulator.requests).toEqual([]);
    expect(issue(DEMO_ISSUES.sessionExpiry)?.state).toBe('open');
  });

  it('refuses state_reason duplicate on an issue being reopened', async () => {
    const outcome = await gh.run(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.footerLink,
      state: 'open',
      state_reason: 'duplicate',
    });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/steps/0/args/state_reason' });
    expect(gh.emulator.requests).toEqual([]);
  });
});

describe('github.update_issue repeats its PATCH after a failed attempt; create_issue does not repeat', () => {
  // Retries wait on the test's fake clock, not in real time.
  const gh = useGithubEmulator({ fakeClock: true });
  const statuses = () => gh.emulator.requests.map((request) => `${request.method} ${request.status}`);

  it('sends the same change again after a 502, and the issue ends up changed once', async () => {
    gh.emulator.faults.inject({ method: 'PATCH', path: ISSUE_PATH, status: 502 });
    const outcome = await gh.run<Json>(updateIssue, {
      ...DEMO_REPO,
      issue_number: DEMO_ISSUES.sessionExpiry,
      state: 'closed',
      labels: ['bug', 'documentation'],
    });
    expect(outcome.result).toMatchObject({ state: 'closed', state_reason: 'completed' });
    expect(statuses()).toEqual(['PATCH 502', 'PATCH 200']);
    expect(gh.emulator.state.issues.find(KEY, DEMO_ISSUES.sessionExpiry)).toMatchObject({
      state: 'closed',
      labels: ['bug', 'documentation'],
    });
  });

  it('fails create_issue after a 502 without sending it again, so no issue is opened twice', async () => {
    const before = gh.emulator.state.issues.list(KEY).length;
    gh.emulator.faults.inject({ method: 'POST', path: '/repos/octo-org/hello-world/issues', status: 502 });
    const outcome = await gh.run(createIssue, { ...DEMO_REPO, title: 'Only once' });
    expect(outcome.error).toMatchObject({ code: 'unavailable', status: 502 });
    // One POST; what follows it are its probe's reads, which find no issue of its marker.
    const [sent, ...probed] = statuses();
    expect(sent).toBe('POST 502');
    expect(probed.length).toBeGreaterThan(0);
    expect(probed.every((status) => status === 'GET 200')).toBe(true);
    expect(gh.emulator.state.issues.list(KEY)).toHaveLength(before);
  });
});
