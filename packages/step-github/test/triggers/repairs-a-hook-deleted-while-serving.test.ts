import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  createEngine,
  createTriggerHost,
  MemoryTriggerStore,
  type TriggerHost,
  type TriggerHostEvent,
} from '@toolsteps/engine';
import { ManualClock } from '@toolsteps/engine/testing';
import github, { createIssue } from '../../src/index.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';

const HOOKS = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/hooks`;
const FIVE_MINUTES = 5 * 60_000;

/** Thanks the author of every issue opened on the demo repository. */
const WORKFLOW = {
  id: 'thank-reporter',
  input: { type: 'object', required: ['number'], properties: { number: { type: 'integer' } } },
  steps: [
    {
      id: 'comment',
      step: 'github.create_issue_comment',
      args: { ...DEMO_REPO, issue_number: '{% $input.number %}', body: 'Thanks for reporting' },
    },
  ],
};

const BINDING = {
  id: 'thank-reporters',
  trigger: 'github.new_issue',
  account: 'octocat',
  config: { ...DEMO_REPO },
  workflow: './thank-reporter.json',
  input: { number: '{% $event.issue.number %}' },
};

describe('a trigger host serving a GitHub hook that is deleted or edited while it runs', () => {
  const gh = useGithubEmulator();
  let folder: string;
  let server: Server;
  let publicUrl: string;
  let clock: ManualClock;
  let host: TriggerHost | undefined;
  let events: TriggerHostEvent[];
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'github-reconcile-'));
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
    clock = new ManualClock();
    const engine = await createEngine({
      integrations: [github],
      accounts: [gh.emulator.account],
      triggerStore: new MemoryTriggerStore(),
      clock,
    });
    events = [];
    host = await createTriggerHost({
      engine,
      bindings: [join(folder, 'thank-reporters.binding.json')],
      publicUrl,
      onEvent: (event) => events.push(event),
    });
    await host.activate(BINDING.id);
    await host.start();
    await gh.emulator.webhooksSettled();
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
  const hookId = async () => (await serving().store.activation(BINDING.id))?.registration?.hookId;
  /** Opens an issue, and answers how the host answered each delivery of it (none: nothing was sent). */
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
  /** When the host has told an event of this type, however late. */
  const told = async (type: TriggerHostEvent['type']) => {
    while (!events.some((event) => event.type === type))
      await new Promise((resolve) => setImmediate(resolve));
  };
  const inspections = () =>
    gh.emulator.requests.filter((request) => request.method === 'GET' && /\/hooks\/\d+$/.test(request.path));

  it('registers a deleted hook again at the next reconcile, without a restart, and deliveries flow again', async () => {
    const deleted = await hookId();
    await githubHttp(gh.emulator, 'DELETE', `${HOOKS}/${deleted}`);
    // Nothing reaches the host while the hook is gone.
    expect(await openIssue('Lost while deleted')).toEqual([]);

    await clock.untilSleeping();
    clock.advance(FIVE_MINUTES);
    await told('binding.repaired');

    expect(events).toContainEqual(
      expect.objectContaining({ type: 'binding.repaired', bindingId: BINDING.id, found: 'missing' }),
    );
    expect(await hookId()).not.toBe(deleted);
    expect(await openIssue('Back again')).toEqual([202]);
    const [latest] = await serving().deliveries({ order: 'newest', limit: 1 });
    expect(latest).toMatchObject({
      status: 'succeeded',
      runs: [expect.objectContaining({ status: 'succeeded' })],
    });
  });

  it('finds nothing to repair while the hook stands, and checks again at each interval', async () => {
    await clock.untilSleeping();
    clock.advance(FIVE_MINUTES);
    while (inspections().length < 1) await new Promise((resolve) => setImmediate(resolve));
    await clock.untilSleeping();
    clock.advance(FIVE_MINUTES);
    while (inspections().length < 2) await new Promise((resolve) => setImmediate(resolve));

    expect(events.filter((event) => event.type === 'binding.repaired')).toEqual([]);
    expect(await openIssue('Still flowing')).toEqual([202]);
  });

  it('repairs at once a hook whose secret was removed, when its unsigned deliveries are refused', async () => {
    const id = await hookId();
    // Edited by hand: the config sent again without its secret, which GitHub then removes.
    await githubHttp(gh.emulator, 'PATCH', `${HOOKS}/${id}`, {
      body: { config: { url: serving().urlOf(BINDING.id), content_type: 'json' } },
    });
    expect(await openIssue('Unsigned')).toEqual([401]);
    await told('binding.repaired');
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'binding.repaired', bindingId: BINDING.id, found: 'changed' }),
    );
    expect(await hookId()).toBe(id);

    // Anyone can send a request that fails verification: it brings the check forward once a minute at most.
    const forge = () =>
      fetch(serving().urlOf(BINDING.id), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'issues',
          'x-github-delivery': 'forged',
          'x-hub-signature-256': 'sha256=00',
        },
        body: '{}',
      });
    const checked = inspections().length;
    for (let n = 0; n < 3; n++) expect((await forge()).status).toBe(401);
    clock.advance(61_000);
    expect((await forge()).status).toBe(401);
    // A reconcile asked for by hand waits for those under way: then every check has been made.
    await serving().reconcile();
    expect(inspections().length).toBe(checked + 2);
  });
});
