import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { createGithubEmulator, DEMO_ORG, DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { actionsOf, addHook, expectGenuine, schemas } from './delivery-kit.js';
import { useWebhookReceiver, WebhookReceiver } from './webhook-receiver.js';

interface ExampleSet {
  name: string;
  examples: Array<Record<string, unknown> & { action?: string }>;
}

/** Real payloads GitHub sent (npm @octokit/webhooks-examples). */
const EXAMPLES = createRequire(import.meta.url)('@octokit/webhooks-examples') as ExampleSet[];

/**
 * A real payload of the event (and action) that GitHub's current schema accepts (some older
 * examples predate fields the schema now requires), without its repository and organization, which
 * the emulator fills in with its own.
 */
function example(event: string, action?: string): Record<string, unknown> {
  const found = EXAMPLES.find((set) => set.name === event)?.examples.find(
    (one) => (action === undefined || one.action === action) && schemas.problems(event, one).length === 0,
  );
  if (found === undefined) throw new Error(`no example of ${event}.${action} that fits the schema`);
  const { repository: _repository, organization: _organization, ...rest } = found;
  return rest;
}

const github = useGithubEmulator();
const receiver = useWebhookReceiver();

describe('the emit control', () => {
  it('sends events the emulator does not cause itself, signed, to subscribed hooks', async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['*']);
    const repository = `${DEMO_REPO.owner}/${DEMO_REPO.repo}`;
    const events: Array<[string, string | undefined]> = [
      ['release', 'published'],
      ['fork', undefined],
      ['watch', 'started'],
      ['discussion', 'created'],
      ['discussion_comment', 'created'],
      ['pull_request_review_comment', 'created'],
      ['project_card', 'created'],
    ];
    for (const [event, action] of events) {
      emulator.emitWebhook({ event, payload: example(event, action), repository });
    }
    await emulator.webhooksSettled();
    expect(actionsOf(receiver)).toEqual(
      events.map(([event, action]) => (action === undefined ? event : `${event}.${action}`)),
    );
    expect(JSON.parse(receiver.of('fork')[0].body)).toMatchObject({
      ...example('fork'),
      repository: { full_name: repository },
      organization: { login: DEMO_ORG },
    });
    await expectGenuine(receiver);
  });

  it("reaches an organization's hooks, over HTTP too", async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['projects_v2_item'], { path: `/orgs/${DEMO_ORG}` });
    const answer = await fetch(`${emulator.baseUrl}/_emulator/webhooks/emit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${emulator.controlToken}` },
      body: JSON.stringify({
        event: 'projects_v2_item',
        org: DEMO_ORG,
        payload: example('projects_v2_item', 'edited'),
      }),
    });
    expect(answer.status).toBe(202);
    const { deliveries } = (await answer.json()) as { deliveries: Array<{ id: string; event: string }> };
    expect(deliveries.map((one) => one.event)).toEqual(['projects_v2_item']);
    const [, delivered] = await receiver.until(2);
    expect(delivered.headers['x-github-delivery']).toBe(deliveries[0].id);
    expect(delivered.headers['x-github-hook-installation-target-type']).toBe('organization');
    await expectGenuine(receiver);
  });

  it('adds the repository and organization a payload leaves out', async () => {
    const { emulator } = github;
    await addHook(emulator, receiver, ['watch']);
    const sender = example('watch', 'started').sender;
    emulator.emitWebhook({
      event: 'watch',
      payload: { action: 'started', sender },
      repository: `${DEMO_REPO.owner}/${DEMO_REPO.repo}`,
    });
    const [, watch] = await receiver.until(2);
    expect(JSON.parse(watch.body)).toMatchObject({
      repository: { full_name: 'octo-org/hello-world' },
      organization: { login: DEMO_ORG },
    });
    await expectGenuine(receiver);
  });

  it('refuses to emit to a repository or organization it does not have', async () => {
    const answer = await fetch(`${github.emulator.baseUrl}/_emulator/webhooks/emit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${github.emulator.controlToken}`,
      },
      body: JSON.stringify({ event: 'watch', repository: 'nobody/nothing', payload: {} }),
    });
    expect(answer.status).toBe(404);
    const unknown = await fetch(`${github.emulator.baseUrl}/_emulator/webhooks/deliveries/nope/redeliver`, {
      method: 'POST',
      headers: { authorization: `Bearer ${github.emulator.controlToken}` },
    });
    expect(unknown.status).toBe(404);
  });

  it('cuts deliveries still on their way when the emulator closes', async () => {
    const own = await createGithubEmulator();
    // A receiver that never answers: the ping hangs, and the next delivery waits behind it.
    const silent = await new WebhookReceiver().start(0);
    await addHook(own, silent, ['watch']);
    await silent.until(1);
    own.emitWebhook({ event: 'watch', payload: { action: 'started' }, repository: 'octo-org/hello-world' });
    await own.close();
    expect(own.deliveries.map((one) => [one.event, one.status, one.error])).toEqual([
      ['ping', 'failed', 'the emulator closed'],
      ['watch', 'failed', 'the emulator closed'],
    ]);
    expect(silent.received).toHaveLength(1);
    await silent.stop();
  });
});
