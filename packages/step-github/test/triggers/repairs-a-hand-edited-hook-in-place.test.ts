import { describe, expect, it } from '@jest/globals';
import type { Activation } from '@toolsteps/engine';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import { useGithubTriggerHost } from './trigger-host-world.js';

const HOOKS = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/hooks`;

/** Thanks the author of every issue opened on the demo repository. */
const WORKFLOW = {
  id: 'thank-reporter',
  input: {
    type: 'object',
    required: ['number', 'title'],
    properties: { number: { type: 'integer' }, title: { type: 'string' } },
  },
  steps: [
    {
      id: 'comment',
      step: 'github.create_issue_comment',
      args: {
        ...DEMO_REPO,
        issue_number: '{% $input.number %}',
        body: "{% 'Thanks for reporting ' & $input.title %}",
      },
    },
  ],
};

const BINDING = {
  id: 'thank-reporters',
  trigger: 'github.new_issue',
  account: 'octocat',
  config: { ...DEMO_REPO },
  workflow: './thank-reporter.json',
  input: { number: '{% $event.issue.number %}', title: '{% $event.issue.title %}' },
};

describe('a trigger host over the GitHub emulator', () => {
  const gh = useGithubEmulator();
  const world = useGithubTriggerHost(gh, { binding: BINDING, workflow: WORKFLOW });

  const hooks = async () => (await githubHttp(gh.emulator, 'GET', HOOKS)).body as any[];
  const expectDeliveriesFlow = async (title: string) => {
    expect(await world.openIssue(title)).toEqual([202]);
    const [latest] = await world.host.deliveries({ order: 'newest', limit: 1 });
    expect(latest).toMatchObject({
      status: 'succeeded',
      runs: [expect.objectContaining({ status: 'succeeded' })],
    });
  };
  const expectOneHookAsRegistered = async (activation: Activation) => {
    expect(await hooks()).toEqual([
      expect.objectContaining({
        id: activation.registration?.hookId,
        active: true,
        events: ['issues'],
        config: {
          url: world.host.urlOf(BINDING.id),
          content_type: 'json',
          insecure_ssl: '0',
          secret: '********',
        },
      }),
    ]);
    expect(gh.emulator.state.hooks.byId(Number(activation.registration?.hookId))?.config.secret).toBe(
      activation.secret,
    );
  };

  it("registers the hook with the binding's secret in config.secret, and verifies what it delivers", async () => {
    const activation = await world.host.activate(BINDING.id);

    await expectOneHookAsRegistered(activation);
    await gh.emulator.webhooksSettled();
    // GitHub's ping, signed with the secret: verified and kept, no event.
    expect(gh.emulator.deliveries.map((delivery) => [delivery.event, delivery.statusCode])).toEqual([
      ['ping', 202],
    ]);
    await expectDeliveriesFlow('Crash on save');
    expect(JSON.stringify(world.events)).not.toContain(activation.secret);
  });

  it.each([
    ['events narrowed', { events: ['push'] }, []],
    [
      'URL changed, and so its secret removed',
      { config: { url: 'http://127.0.0.1:9/elsewhere', content_type: 'json' } },
      [null],
    ],
    ['deactivated', { active: false }, []],
  ])(
    'repairs in place a hook edited by hand (%s): same id, one hook, deliveries flow again',
    async (_, edit, lost) => {
      const activation = await world.host.activate(BINDING.id);
      await githubHttp(gh.emulator, 'PATCH', `${HOOKS}/${activation.registration?.hookId}`, { body: edit });
      expect(await world.openIssue('Lost while edited')).toEqual(lost);

      expect(await world.host.reconcile()).toEqual([{ bindingId: BINDING.id, found: 'changed' }]);

      await expectOneHookAsRegistered(activation);
      expect(await world.host.store.activation(BINDING.id)).toEqual(activation);
      expect(world.events).toContainEqual(
        expect.objectContaining({ type: 'binding.repaired', found: 'changed' }),
      );
      await expectDeliveriesFlow('Found again');
    },
  );

  it('registers anew a hook deleted by hand', async () => {
    const activation = await world.host.activate(BINDING.id);
    await githubHttp(gh.emulator, 'DELETE', `${HOOKS}/${activation.registration?.hookId}`);

    expect(await world.host.reconcile()).toEqual([{ bindingId: BINDING.id, found: 'missing' }]);

    const repaired = await world.host.store.activation(BINDING.id);
    expect(repaired?.registration?.hookId).not.toBe(activation.registration?.hookId);
    await expectOneHookAsRegistered(repaired!);
    await expectDeliveriesFlow('Back again');
  });
});
