import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type Activation,
  createEngine,
  createTriggerHost,
  MemoryTriggerStore,
  type TriggerHost,
  type TriggerHostEvent,
} from '@toolsteps/engine';
import github, { createIssue } from '../../src/index.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';

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
  let folder: string;
  let server: Server;
  let publicUrl: string;
  let host: TriggerHost | undefined;
  let events: TriggerHostEvent[];
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'github-host-'));
    await writeFile(join(folder, 'thank-reporter.json'), JSON.stringify(WORKFLOW));
    await writeFile(join(folder, 'thank-reporters.binding.json'), JSON.stringify(BINDING));
    server = createServer((request, response) => {
      if (host) void host.nodeHandler(request, response);
      else response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/toolsteps`;
  });
  beforeEach(async () => {
    const engine = await createEngine({
      integrations: [github],
      accounts: [gh.emulator.account],
      triggerStore: new MemoryTriggerStore(),
    });
    events = [];
    host = await createTriggerHost({
      engine,
      bindings: [join(folder, 'thank-reporters.binding.json')],
      publicUrl,
      onEvent: (event) => events.push(event),
    });
    await host.start();
  });
  afterEach(async () => {
    await gh.emulator.webhooksSettled();
    await host?.stop();
    host = undefined;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  const serving = (): TriggerHost => {
    if (host === undefined) throw new Error('No host is serving');
    return host;
  };
  const hooks = async () => (await githubHttp(gh.emulator, 'GET', HOOKS)).body as any[];
  /** Opens an issue, and answers how the host's receiver answered each delivery of it. */
  const openIssue = async (title: string) => {
    const before = gh.emulator.deliveries.length;
    const outcome = await gh.run(createIssue, { ...DEMO_REPO, title });
    expect(outcome.error).toBeUndefined();
    await gh.emulator.webhooksSettled();
    await serving().idle();
    return gh.emulator.deliveries
      .slice(before)
      .filter((delivery) => delivery.event === 'issues')
      .map((delivery) => delivery.statusCode);
  };
  const expectDeliveriesFlow = async (title: string) => {
    expect(await openIssue(title)).toEqual([202]);
    const [latest] = await serving().deliveries({ order: 'newest', limit: 1 });
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
          url: serving().urlOf(BINDING.id),
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
    const activation = await serving().activate(BINDING.id);

    await expectOneHookAsRegistered(activation);
    await gh.emulator.webhooksSettled();
    // GitHub's ping, signed with the secret: verified and kept, no event.
    expect(gh.emulator.deliveries.map((delivery) => [delivery.event, delivery.statusCode])).toEqual([
      ['ping', 202],
    ]);
    await expectDeliveriesFlow('Crash on save');
    expect(JSON.stringify(events)).not.toContain(activation.secret);
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
      const activation = await serving().activate(BINDING.id);
      await githubHttp(gh.emulator, 'PATCH', `${HOOKS}/${activation.registration?.hookId}`, { body: edit });
      expect(await openIssue('Lost while edited')).toEqual(lost);

      expect(await serving().reconcile()).toEqual([{ bindingId: BINDING.id, found: 'changed' }]);

      await expectOneHookAsRegistered(activation);
      expect(await serving().store.activation(BINDING.id)).toEqual(activation);
      expect(events).toContainEqual(expect.objectContaining({ type: 'binding.repaired', found: 'changed' }));
      await expectDeliveriesFlow('Found again');
    },
  );

  it('registers anew a hook deleted by hand', async () => {
    const activation = await serving().activate(BINDING.id);
    await githubHttp(gh.emulator, 'DELETE', `${HOOKS}/${activation.registration?.hookId}`);

    expect(await serving().reconcile()).toEqual([{ bindingId: BINDING.id, found: 'missing' }]);

    const repaired = await serving().store.activation(BINDING.id);
    expect(repaired?.registration?.hookId).not.toBe(activation.registration?.hookId);
    await expectOneHookAsRegistered(repaired!);
    await expectDeliveriesFlow('Back again');
  });
});
