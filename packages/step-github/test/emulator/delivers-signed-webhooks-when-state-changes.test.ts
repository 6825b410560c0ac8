import { describe, expect, it } from '@jest/globals';
import { verify } from '@octokit/webhooks-methods';
import { DEMO_REPO, HUBOT_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import { actionsOf, addHook, expectGenuine, REPO, SECRET } from './delivery-kit.js';
import { useWebhookReceiver, WebhookReceiver } from './webhook-receiver.js';

const github = useGithubEmulator();
const receiver = useWebhookReceiver();

describe('signed webhooks from state changes', () => {
  it('delivers issues opened, signed, with the hook and target headers', async () => {
    const { emulator } = github;
    const hookId = await addHook(emulator, receiver, ['issues']);
    const opened = await githubHttp(emulator, 'POST', `${REPO}/issues`, {
      body: { title: 'Webhooks please', body: 'Ping @hubot', labels: ['bug'] },
    });
    expect(opened.status).toBe(201);
    // The ping to the new hook, then the event.
    const [, delivery] = await receiver.until(2);
    expect(delivery.headers).toMatchObject({
      'x-github-event': 'issues',
      'x-github-hook-id': String(hookId),
      'x-github-hook-installation-target-type': 'repository',
      'x-github-hook-installation-target-id': String(
        emulator.state.repository(DEMO_REPO.owner, DEMO_REPO.repo)?.id,
      ),
    });
    const payload = JSON.parse(delivery.body);
    expect(payload).toMatchObject({
      action: 'opened',
      issue: { number: opened.body.number, title: 'Webhooks please' },
      repository: { full_name: 'octo-org/hello-world' },
      organization: { login: 'octo-org' },
      sender: { login: 'octocat' },
    });
    await expectGenuine(receiver);
    await emulator.webhooksSettled();
    const logged = emulator.deliveries.find((one) => one.event === 'issues');
    expect(logged).toMatchObject({ hookId, action: 'opened', status: 'delivered', statusCode: 200 });
    expect(logged?.id).toBe(delivery.headers['x-github-delivery']);
  });

  it('delivers the issue changes a patch, labels and assignees make, then comments', async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['issues', 'issue_comment']);
    const path = `${REPO}/issues/1`;
    await githubHttp(emulator, 'PATCH', path, { body: { title: 'Renamed', state: 'closed' } });
    await githubHttp(emulator, 'PATCH', path, { body: { state: 'open' } });
    await githubHttp(emulator, 'POST', `${path}/labels`, { body: { labels: ['triage'] } });
    await githubHttp(emulator, 'DELETE', `${path}/labels/triage`);
    await githubHttp(emulator, 'DELETE', `${path}/assignees`, { body: { assignees: ['hubot'] } });
    await githubHttp(emulator, 'POST', `${path}/assignees`, { body: { assignees: ['hubot'] } });
    await githubHttp(emulator, 'POST', `${path}/comments`, { body: { body: 'Looks good' } });
    await emulator.webhooksSettled();
    expect(actionsOf(receiver)).toEqual([
      'issues.edited',
      'issues.closed',
      'issues.reopened',
      'issues.labeled',
      'issues.unlabeled',
      'issues.unassigned',
      'issues.assigned',
      'issue_comment.created',
    ]);
    expect(JSON.parse(receiver.of('issues')[0].body).changes).toEqual({
      title: { from: expect.any(String) },
    });
    await expectGenuine(receiver);
  });

  it('delivers star and watch, push with its commits, create, member and repository events', async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['star', 'watch', 'push', 'create', 'member']);
    await addHook(emulator, receiver, ['repository'], {
      path: `/orgs/${DEMO_REPO.owner}`,
      url: `${receiver.url}/org`,
    });
    await githubHttp(emulator, 'PUT', `/user/starred${REPO.slice('/repos'.length)}`);
    const write = await githubHttp(emulator, 'PUT', `${REPO}/contents/docs/hooks.md`, {
      body: { message: 'Document hooks', content: Buffer.from('# Hooks\n').toString('base64') },
    });
    expect(write.status).toBe(201);
    await githubHttp(emulator, 'POST', `${REPO}/git/refs`, {
      body: { ref: 'refs/heads/hooks', sha: write.body.commit.sha },
    });
    await githubHttp(emulator, 'PUT', `${REPO}/collaborators/mona`, { body: { permission: 'push' } });
    await githubHttp(emulator, 'POST', `/orgs/${DEMO_REPO.owner}/repos`, { body: { name: 'hooked' } });
    await emulator.webhooksSettled();
    expect(JSON.parse(receiver.of('star')[0].body).action).toBe('created');
    expect(JSON.parse(receiver.of('watch')[0].body).action).toBe('started');
    const [contentsPush, branchPush] = receiver.of('push').map((one) => JSON.parse(one.body));
    expect(contentsPush).toMatchObject({
      ref: 'refs/heads/main',
      after: write.body.commit.sha,
      created: false,
      commits: [{ id: write.body.commit.sha, message: 'Document hooks', added: ['docs/hooks.md'] }],
      head_commit: { id: write.body.commit.sha },
      pusher: { name: 'octocat' },
    });
    expect(branchPush).toMatchObject({ ref: 'refs/heads/hooks', created: true, commits: [] });
    expect(JSON.parse(receiver.of('create')[0].body)).toMatchObject({ ref: 'hooks', ref_type: 'branch' });
    expect(JSON.parse(receiver.of('member')[0].body)).toMatchObject({
      action: 'added',
      member: { login: 'mona' },
      changes: { permission: { to: 'write' } },
    });
    const created = receiver.of('repository')[0];
    expect(created.headers['x-github-hook-installation-target-type']).toBe('organization');
    expect(JSON.parse(created.body)).toMatchObject({ action: 'created', repository: { name: 'hooked' } });
    await expectGenuine(receiver);
  });

  it('sends form-encoded deliveries to form hooks, signed over the bytes sent', async () => {
    const { emulator } = github;
    await githubHttp(emulator, 'POST', `${REPO}/hooks`, {
      body: { name: 'web', events: ['star'], config: { url: receiver.url, secret: SECRET } },
    });
    await githubHttp(emulator, 'PUT', `/user/starred${REPO.slice('/repos'.length)}`);
    const [ping, star] = await receiver.until(2);
    for (const delivery of [ping, star]) {
      expect(delivery.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(await verify(SECRET, delivery.body, delivery.headers['x-hub-signature-256'])).toBe(true);
    }
    const payload = JSON.parse(new URLSearchParams(star.body).get('payload') ?? '{}');
    expect(payload).toMatchObject({ action: 'created', repository: { full_name: 'octo-org/hello-world' } });
  });

  it('redelivers a delivery with the same id and body', async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['star']);
    await githubHttp(emulator, 'PUT', `/user/starred${REPO.slice('/repos'.length)}`);
    await emulator.webhooksSettled();
    const original = emulator.deliveries.find((one) => one.event === 'star');
    if (original === undefined) throw new Error('no star delivery');
    const again = await fetch(`${emulator.baseUrl}/_emulator/webhooks/deliveries/${original.id}/redeliver`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.controlToken}` },
    });
    expect(again.status).toBe(202);
    emulator.redeliverWebhook(original.id);
    const stars = (await receiver.until(4)).filter((one) => one.headers['x-github-event'] === 'star');
    expect(stars.map((one) => one.headers['x-github-delivery'])).toEqual([
      original.id,
      original.id,
      original.id,
    ]);
    expect(new Set(stars.map((one) => one.body))).toEqual(new Set([original.body]));
    await expectGenuine(receiver);
    await emulator.webhooksSettled();
    expect(emulator.deliveries.filter((one) => one.redelivery)).toHaveLength(2);
  });

  it('emits any event on request to the hooks subscribed to it', async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['*']);
    const answer = await fetch(`${emulator.baseUrl}/_emulator/webhooks/emit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${emulator.controlToken}` },
      body: JSON.stringify({
        event: 'watch',
        repository: `${DEMO_REPO.owner}/${DEMO_REPO.repo}`,
        payload: { action: 'started', sender: (await githubHttp(emulator, 'GET', '/user')).body },
      }),
    });
    expect(answer.status).toBe(202);
    const [, watch] = await receiver.until(2);
    expect(watch.headers['x-github-event']).toBe('watch');
    await expectGenuine(receiver);
  });

  it('sends nothing to inactive or unsubscribed hooks', async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['issues'], { active: false, url: `${receiver.url}/inactive` });
    await addHook(emulator, receiver, ['push'], { url: `${receiver.url}/push-only` });
    await githubHttp(emulator, 'POST', `${REPO}/issues`, { body: { title: 'Nobody hears this' } });
    await emulator.webhooksSettled();
    expect(receiver.received.map((one) => one.headers['x-github-event'])).toEqual(['ping', 'ping']);
    expect(emulator.deliveries.filter((one) => one.event === 'issues')).toEqual([]);
  });

  it('answers the API even when the receiver is down, and logs the failure', async () => {
    const { emulator } = github;
    const down = await new WebhookReceiver().start();
    await down.stop();
    await addHook(emulator, receiver, ['issues'], { url: down.url });
    const opened = await githubHttp(emulator, 'POST', `${REPO}/issues`, {
      body: { title: 'Still works' },
      token: HUBOT_TOKEN,
    });
    expect(opened.status).toBe(201);
    await emulator.webhooksSettled();
    const failed = emulator.deliveries.find((one) => one.event === 'issues');
    expect(failed).toMatchObject({ status: 'failed', statusCode: null });
  });
});
