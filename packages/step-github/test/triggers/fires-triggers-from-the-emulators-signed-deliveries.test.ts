import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { AnyStep, Registration } from '@toolsteps/engine';
import { triggerTestContext } from '@toolsteps/engine/testing';
import github, {
  createBranch,
  createIssue,
  createIssueComment,
  createOrUpdateFile,
  githubWebhooks,
  starRepo,
  updateIssue,
} from '../../src/index.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { eventSchemaOf } from './github-examples.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const SECRET = 'end-to-end-secret-0c9a';
const webhookTriggers = (github.triggers ?? []).filter((trigger) => trigger.delivery === 'webhook');
const everyEvent = [
  ...new Set(
    webhookTriggers.flatMap((trigger) => (trigger.delivery === 'webhook' ? trigger.webhook.subscribes : [])),
  ),
];

describe('a hook registered on the emulator fires the triggers its signed deliveries are about', () => {
  const gh = useGithubEmulator();
  let receiver: WebhookReceiver;
  let registration: Registration;
  const context = () =>
    triggerTestContext({ integration: github, account: gh.emulator.account, secret: SECRET });
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  beforeEach(async () => {
    const request = {
      config: { ...DEMO_REPO },
      url: receiver.url('/hooks/everything'),
      secret: SECRET,
      subscribes: everyEvent,
    };
    ({ registration } = await githubWebhooks.register(request, await context()));
    await gh.emulator.webhooksSettled();
    receiver.received.length = 0;
  });
  afterEach(async () => {
    await githubWebhooks.unregister(registration, await context());
    await gh.emulator.webhooksSettled();
  });
  afterAll(async () => {
    await receiver.close();
  });

  /** Runs a step, then reads what the hook received: each delivery verified, and the events each trigger makes of it. */
  async function deliveriesAfter(step: AnyStep, input: Record<string, unknown>) {
    const outcome = await gh.run(step, { ...DEMO_REPO, ...input });
    expect(outcome.error).toBeUndefined();
    await gh.emulator.webhooksSettled();
    const fired: Record<string, number> = {};
    for (const delivery of receiver.received.splice(0)) {
      expect(await githubWebhooks.verify(delivery, SECRET)).toBe(true);
      for (const trigger of webhookTriggers) {
        if (trigger.delivery !== 'webhook') continue;
        const config =
          trigger.id === 'github.new_mention' ? { ...DEMO_REPO, login: 'hubot' } : { ...DEMO_REPO };
        const events = trigger.webhook.match(delivery, config);
        for (const event of events)
          expect({ trigger: trigger.id, valid: eventSchemaOf(trigger)(event) }).toEqual({
            trigger: trigger.id,
            valid: true,
          });
        if (events.length > 0) fired[trigger.id] = (fired[trigger.id] ?? 0) + events.length;
      }
    }
    return fired;
  }

  it('an issue opened fires new_issue, and new_mention when it mentions the login', async () => {
    expect(await deliveriesAfter(createIssue, { title: 'Crash on save', body: 'cc @hubot' })).toEqual({
      'github.new_issue': 1,
      'github.new_mention': 1,
    });
  });

  it('a comment fires new_comment', async () => {
    expect(await deliveriesAfter(createIssueComment, { issue_number: 1, body: 'Seen it too.' })).toEqual({
      'github.new_comment': 1,
    });
  });

  it('a label added fires updated_issue and new_label_on_issue', async () => {
    const fired = await deliveriesAfter(updateIssue, { issue_number: 1, labels: ['bug', 'documentation'] });

    expect(fired).toMatchObject({
      'github.updated_issue': expect.any(Number),
      'github.new_label_on_issue': expect.any(Number),
    });
    expect(fired['github.new_label_on_issue']).toBe(fired['github.updated_issue']);
  });

  it('a star fires new_star', async () => {
    expect(await deliveriesAfter(starRepo, {})).toMatchObject({ 'github.new_star': 1 });
  });

  it('a file written to a branch fires new_push and one new_commit', async () => {
    const fired = await deliveriesAfter(createOrUpdateFile, {
      path: 'docs/triggers.md',
      content: '# Triggers\n',
      message: 'Document triggers',
    });

    expect(fired).toEqual({ 'github.new_push': 1, 'github.new_commit': 1 });
  });

  it('a branch created fires new_branch', async () => {
    expect(await deliveriesAfter(createBranch, { branch: 'feature/triggers' })).toMatchObject({
      'github.new_branch': 1,
    });
  });
});
