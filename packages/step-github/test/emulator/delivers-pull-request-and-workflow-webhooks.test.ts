import { describe, expect, it } from '@jest/globals';
import { DEMO_ISSUES, HUBOT_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import { actionsOf, addHook, expectGenuine, REPO } from './delivery-kit.js';
import { useWebhookReceiver } from './webhook-receiver.js';

const github = useGithubEmulator();
const receiver = useWebhookReceiver();

describe('pull request and workflow webhooks', () => {
  it('follows a pull request from review request to merge', async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['pull_request', 'pull_request_review', 'push']);
    const pull = `${REPO}/pulls/${DEMO_ISSUES.loginPull}`;
    await githubHttp(emulator, 'DELETE', `${pull}/requested_reviewers`, { body: { reviewers: ['hubot'] } });
    await githubHttp(emulator, 'POST', `${pull}/requested_reviewers`, { body: { reviewers: ['hubot'] } });
    await githubHttp(emulator, 'PATCH', pull, { body: { title: 'Log in with passkeys' } });
    await githubHttp(emulator, 'POST', `${REPO}/issues/${DEMO_ISSUES.loginPull}/labels`, {
      body: { labels: ['enhancement'] },
    });
    const write = await githubHttp(emulator, 'PUT', `${REPO}/contents/LOGIN.md`, {
      body: {
        message: 'Explain login',
        content: Buffer.from('Log in\n').toString('base64'),
        branch: 'feature/login',
      },
    });
    expect(write.status).toBe(201);
    const review = await githubHttp(emulator, 'POST', `${pull}/reviews`, {
      body: { event: 'APPROVE' },
      token: HUBOT_TOKEN,
    });
    expect(review.status).toBe(200);
    expect((await githubHttp(emulator, 'PUT', `${pull}/merge`)).status).toBe(200);
    await emulator.webhooksSettled();
    expect(actionsOf(receiver)).toEqual([
      'pull_request.review_requested',
      'pull_request.edited',
      'pull_request.labeled',
      'push',
      'pull_request.synchronize',
      'pull_request_review.submitted',
      'push',
      'pull_request.closed',
    ]);
    const closed = JSON.parse(receiver.of('pull_request').at(-1)?.body ?? '{}');
    expect(closed.pull_request).toMatchObject({ merged: true, state: 'closed' });
    expect(JSON.parse(receiver.of('pull_request_review')[0].body).review.state).toBe('approved');
    await expectGenuine(receiver);
  });

  it('delivers pull_request opened for a new pull request', async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['pull_request']);
    const main = await githubHttp(emulator, 'GET', `${REPO}/git/ref/heads/main`);
    await githubHttp(emulator, 'POST', `${REPO}/git/refs`, {
      body: { ref: 'refs/heads/hooks', sha: main.body.object.sha },
    });
    await githubHttp(emulator, 'PUT', `${REPO}/contents/HOOKS.md`, {
      body: { message: 'Add hooks', content: Buffer.from('Hooks\n').toString('base64'), branch: 'hooks' },
    });
    const opened = await githubHttp(emulator, 'POST', `${REPO}/pulls`, {
      body: { title: 'Hooks', head: 'hooks', base: 'main' },
    });
    expect(opened.status).toBe(201);
    await emulator.webhooksSettled();
    expect(actionsOf(receiver)).toEqual(['pull_request.opened']);
    expect(JSON.parse(receiver.received[1].body)).toMatchObject({ number: opened.body.number });
    await expectGenuine(receiver);
  });

  it('delivers workflow_job and workflow_run completed when a dispatched run finishes', async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['workflow_run', 'workflow_job']);
    const dispatched = await githubHttp(emulator, 'POST', `${REPO}/actions/workflows/deploy.yml/dispatches`, {
      body: { ref: 'main', inputs: { environment: 'staging' }, return_run_details: true },
    });
    expect(dispatched.status).toBe(200);
    const runPath = `${REPO}/actions/runs/${dispatched.body.workflow_run_id}`;
    // Each read moves the run on one step: queued, in_progress, completed.
    let status = '';
    while (status !== 'completed') status = (await githubHttp(emulator, 'GET', runPath)).body.status;
    await emulator.webhooksSettled();
    expect(actionsOf(receiver)).toEqual(['workflow_job.completed', 'workflow_run.completed']);
    const run = JSON.parse(receiver.of('workflow_run')[0].body);
    expect(run.workflow_run).toMatchObject({
      id: dispatched.body.workflow_run_id,
      conclusion: 'success',
      event: 'workflow_dispatch',
    });
    expect(run.workflow.name).toBe('Deploy');
    await expectGenuine(receiver);
  });
});
