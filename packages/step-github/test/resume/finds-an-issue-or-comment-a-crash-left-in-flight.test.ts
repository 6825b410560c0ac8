import { describe, expect, it } from '@jest/globals';
import type { AnyStep } from '@toolsteps/engine';
import { sentWrite, testProbe } from '@toolsteps/engine/testing';
import { createIssue } from '../../src/steps/create-issue.js';
import { createIssueComment } from '../../src/steps/create-issue-comment.js';
import { DEMO_ISSUES, DEMO_LOGIN, DEMO_REPO, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

type Json = any;
const MARKER = /\n\n<!-- toolsteps:([0-9a-f]{32}) -->$/;
/** The key of a call whose write never reached GitHub. */
const UNSENT_KEY = 'f'.repeat(32);

describe('a resumed run asks GitHub whether a create it sent before a crash happened', () => {
  const gh = useGithubEmulator();
  const probe = (step: AnyStep, input: Json, idempotencyKey: string, path: string, at: number) =>
    testProbe<Json>(
      step,
      input,
      { idempotencyKey, sent: [sentWrite(step, 'POST', path, at)] },
      { account: gh.emulator.account },
    );

  it('marks the issue it opens and finds it by that marker, answering what the step answered', async () => {
    const input = {
      ...DEMO_REPO,
      title: 'Refund link 404s',
      body: 'The refund link in the receipt is dead.',
    };
    const at = Date.now();
    const created = await gh.run<Json>(createIssue, input);
    expect(created.error).toBeUndefined();
    expect(created.result.body).toMatch(MARKER);
    expect(created.result.body.startsWith('The refund link in the receipt is dead.')).toBe(true);
    const key = MARKER.exec(created.result.body)![1];

    const path = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/issues`;
    const found = await probe(createIssue, input, key, path, at);
    expect(found.error).toBeUndefined();
    expect(found.result).toEqual({ happened: true, result: created.result });
    expect(found.exchanges.map((exchange) => exchange.method)).toEqual(['GET', 'GET']);
    expect(found.exchanges[1].path).toMatch(/[?&]creator=octocat(&|$)/);
    expect(found.exchanges[1].path).toMatch(/[?&]state=all(&|$)/);

    const missing = await probe(createIssue, input, UNSENT_KEY, path, at);
    expect(missing.result).toEqual({ happened: false });
  });

  it('marks an issue without a body with the marker alone', async () => {
    const created = await gh.run<Json>(createIssue, { ...DEMO_REPO, title: 'Empty issue' });
    expect(created.result.body).toMatch(/^<!-- toolsteps:[0-9a-f]{32} -->$/);
  });

  it('marks the comment it posts and finds it among the comments since the send', async () => {
    const input = { ...DEMO_REPO, issue_number: DEMO_ISSUES.darkMode, body: 'Reproduced on Safari 18.' };
    const at = Date.now();
    const created = await gh.run<Json>(createIssueComment, input);
    expect(created.error).toBeUndefined();
    const key = MARKER.exec(created.result.body)![1];

    const path = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/issues/${DEMO_ISSUES.darkMode}/comments`;
    const found = await probe(createIssueComment, input, key, path, at);
    expect(found.result).toEqual({ happened: true, result: created.result });
    expect(found.exchanges).toHaveLength(1);
    // Five minutes before the send, for clocks that disagree.
    const since = new URL(found.exchanges[0].path, 'http://emulator').searchParams.get('since');
    expect(since).toBe(new Date(at - 5 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'));

    const missing = await probe(createIssueComment, input, UNSENT_KEY, path, at);
    expect(missing.result).toEqual({ happened: false });
  });

  it('cannot tell when more candidates remain than it reads, and fails instead of answering not found', async () => {
    const key = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);
    for (let index = 0; index < 301; index++) {
      gh.emulator.state.issues.create(key, { title: `Noise ${index}`, body: 'busy day', user: DEMO_LOGIN });
    }
    const input = { ...DEMO_REPO, title: 'Lost in the crowd' };
    const outcome = await probe(
      createIssue,
      input,
      UNSENT_KEY,
      '/repos/octo-org/hello-world/issues',
      Date.now(),
    );
    expect(outcome.error).toMatchObject({ code: 'unsupported' });
    expect(outcome.error?.message).toMatch(
      /Read 300 issues of octo-org\/hello-world by octocat without finding/,
    );
    expect(outcome.exchanges.filter((exchange) => exchange.path.includes('/issues'))).toHaveLength(3);
  });
});
