import { describe, expect, it } from '@jest/globals';
import { BindingInvalidError, type TriggerHandlerContext } from '@toolsteps/engine';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import { THANK_REPORTERS, useGithubTriggerHost } from './trigger-host-world.js';

const HOOKS = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/hooks`;

/** What an agent runtime subscribes for its user alice: new issues of the demo repository start her agent. */
const ALICE_NEW_ISSUES = {
  id: 'alice-new-issues',
  trigger: 'github.new_issue',
  account: 'octocat',
  config: { ...DEMO_REPO },
  handler: 'startAgent',
  input: {
    user: 'alice',
    repository: "{% $binding.config.owner & '/' & $binding.config.repo %}",
    number: '{% $event.issue.number %}',
    title: '{% $event.issue.title %}',
  },
};
const subscription = (binding: object = ALICE_NEW_ISSUES) => ({ text: JSON.stringify(binding) });

/** The agent runtime's handler: records what it was handed, and fails when told to. */
const started: Array<{ input: unknown; context: TriggerHandlerContext }> = [];
const failures: Error[] = [];
async function startAgent(input: unknown, context: TriggerHandlerContext): Promise<void> {
  started.push({ input, context });
  const failure = failures.shift();
  if (failure) throw failure;
}

describe('an agent runtime subscribing a user to GitHub issues on a running trigger host', () => {
  const gh = useGithubEmulator();
  const world = useGithubTriggerHost(gh, { handlers: { startAgent } });
  const hooks = async () =>
    (await githubHttp(gh.emulator, 'GET', HOOKS)).body as Array<{ id: number; config: { url: string } }>;
  /** Serves THANK_REPORTERS, active; then subscribes alice. Answers the hook THANK_REPORTERS had. */
  const subscribeAlice = async () => {
    started.length = 0;
    failures.length = 0;
    await world.host.activate(THANK_REPORTERS.id);
    await gh.emulator.webhooksSettled();
    const [thankHook] = await hooks();
    const before = gh.emulator.requests.length;
    await world.host.addBinding(subscription());
    await gh.emulator.webhooksSettled();
    return { thankHook, requestsBefore: before };
  };

  it("hands alice's handler the mapped input of a real signed delivery, while the workflow binding runs on untouched", async () => {
    const { thankHook, requestsBefore } = await subscribeAlice();

    const answers = await world.openIssue('Crash on save');

    expect(answers).toEqual([202, 202]);
    expect(started).toEqual([
      {
        input: {
          user: 'alice',
          repository: 'octo-org/hello-world',
          number: expect.any(Number),
          title: 'Crash on save',
        },
        context: expect.objectContaining({
          binding: expect.objectContaining({ id: 'alice-new-issues' }),
          attempt: 1,
        }),
      },
    ]);
    // Only alice's hook was made: the other was neither registered again nor edited.
    const hookCalls = gh.emulator.requests
      .slice(requestsBefore)
      .filter((request) => request.path.startsWith(HOOKS))
      .map((request) => `${request.method} ${request.path.replace(/\?.*/, '')}`);
    expect(hookCalls).toEqual([`GET ${HOOKS}`, `POST ${HOOKS}`]);
    expect((await hooks()).map((hook) => hook.id)).toEqual([thankHook.id, expect.any(Number)]);
    const thanked = await world.host.deliveries({ bindingId: THANK_REPORTERS.id, status: ['succeeded'] });
    expect(thanked).toHaveLength(1);
  });

  it('does not hand a redelivery over twice', async () => {
    await subscribeAlice();
    await world.openIssue('Crash on save');
    const [delivery] = await world.host.deliveries({ bindingId: ALICE_NEW_ISSUES.id, status: ['succeeded'] });

    gh.emulator.redeliverWebhook(delivery.id);
    await gh.emulator.webhooksSettled();
    await world.host.idle();

    const redelivered = gh.emulator.deliveries.at(-1);
    expect(redelivered).toMatchObject({ id: delivery.id, statusCode: 200 });
    expect(started).toHaveLength(1);
  });

  it("records the handler's failure on the delivery and serves the next issue", async () => {
    await subscribeAlice();
    failures.push(new Error('no agent is free for alice'));

    await world.openIssue('Crash on save');
    await world.openIssue('Freeze on load');

    const kept = await world.host.deliveries({ bindingId: ALICE_NEW_ISSUES.id, order: 'oldest' });
    const issues = kept.filter((delivery) => delivery.headers['x-github-event'] === 'issues');
    expect(issues.map((delivery) => [delivery.status, delivery.error?.message])).toEqual([
      ['failed', 'Handler "startAgent" failed: no agent is free for alice'],
      ['succeeded', undefined],
    ]);
    expect(started.map((call) => (call.input as { title: string }).title)).toEqual([
      'Crash on save',
      'Freeze on load',
    ]);
  });

  it("unsubscribes alice: her hook is deleted at GitHub, the other binding's stays and serves", async () => {
    const { thankHook } = await subscribeAlice();

    await world.host.removeBinding(ALICE_NEW_ISSUES.id);
    await gh.emulator.webhooksSettled();

    expect((await hooks()).map((hook) => hook.id)).toEqual([thankHook.id]);
    expect(await world.openIssue('After unsubscribing')).toEqual([202]);
    expect(started).toEqual([]);
  });

  it('refuses a subscription naming a handler the runtime did not register, saying which it did', async () => {
    await world.host.activate(THANK_REPORTERS.id);

    const refused = world.host.addBinding(subscription({ ...ALICE_NEW_ISSUES, handler: 'startAgents' }));

    await expect(refused).rejects.toBeInstanceOf(BindingInvalidError);
    await expect(refused).rejects.toMatchObject({
      message: expect.stringContaining(
        'no handler "startAgents" is registered (did you mean "startAgent"?); this trigger host has: "startAgent"',
      ),
    });
    expect(await hooks()).toHaveLength(1);
  });
});
