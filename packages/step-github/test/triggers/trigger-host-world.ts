import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import {
  createEngine,
  createTriggerHost,
  MemoryTriggerStore,
  type TriggerHandlers,
  type TriggerHost,
  type TriggerHostEvent,
} from '@toolsteps/engine';
import { ManualClock } from '@toolsteps/engine/testing';
import github, { createIssue } from '../../src/index.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import type { useGithubEmulator } from '../github-fixture.js';

/** Thanks the author of every issue opened on the demo repository: one comment per run. */
export const THANK_REPORTER = {
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

/** Runs THANK_REPORTER, as octocat, for every issue opened on the demo repository. */
export const THANK_REPORTERS = {
  id: 'thank-reporters',
  trigger: 'github.new_issue',
  account: 'octocat',
  config: { ...DEMO_REPO },
  workflow: './thank-reporter.json',
  input: { number: '{% $event.issue.number %}' },
};

export interface GithubTriggerHostOptions {
  /** The one binding served; default THANK_REPORTERS. */
  binding?: { id: string; workflow: string };
  /** The workflow it names, written beside it under that name; default THANK_REPORTER. */
  workflow?: object;
  /** Gives the engine a ManualClock of its own per test (`clock`): what the host does on a schedule waits for it. */
  manualClock?: boolean;
  /** What handler bindings added to the host may hand their events to. */
  handlers?: TriggerHandlers;
}

/**
 * A trigger host over the GitHub emulator of `gh`, a fresh one per test, started and serving one
 * binding (not active) on a real loopback server whose requests go to it under `/toolsteps`.
 */
export function useGithubTriggerHost(
  gh: ReturnType<typeof useGithubEmulator>,
  options: GithubTriggerHostOptions = {},
) {
  const binding = options.binding ?? THANK_REPORTERS;
  let folder = '';
  let server: Server;
  let publicUrl = '';
  let clock: ManualClock | undefined;
  let host: TriggerHost | undefined;
  const events: TriggerHostEvent[] = [];
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'github-triggers-'));
    await writeFile(join(folder, binding.workflow), JSON.stringify(options.workflow ?? THANK_REPORTER));
    await writeFile(join(folder, `${binding.id}.binding.json`), JSON.stringify(binding));
    server = createServer((request, response) => {
      if (host) void host.nodeHandler(request, response);
      else response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/toolsteps`;
  });
  beforeEach(async () => {
    clock = options.manualClock ? new ManualClock() : undefined;
    events.length = 0;
    const engine = await createEngine({
      integrations: [github],
      accounts: [gh.emulator.account],
      triggerStore: new MemoryTriggerStore(),
      ...(clock ? { clock } : {}),
    });
    host = await createTriggerHost({
      engine,
      bindings: [join(folder, `${binding.id}.binding.json`)],
      publicUrl,
      onEvent: (event) => events.push(event),
      ...(options.handlers ? { handlers: options.handlers } : {}),
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
  const world = {
    get host(): TriggerHost {
      if (host === undefined) throw new Error('No trigger host is serving');
      return host;
    },
    get clock(): ManualClock {
      if (clock === undefined) throw new Error('This trigger host runs on the real clock (no manualClock)');
      return clock;
    },
    /** What the host told, this test. */
    events,
    /** Opens an issue, and answers how the host answered each delivery of it (none: nothing was sent). */
    openIssue: async (title: string) => {
      const before = gh.emulator.deliveries.length;
      const outcome = await gh.run(createIssue, { ...DEMO_REPO, title });
      expect(outcome.error).toBeUndefined();
      await gh.emulator.webhooksSettled();
      await world.host.idle();
      return gh.emulator.deliveries
        .slice(before)
        .filter((delivery) => delivery.event === 'issues')
        .map((delivery) => delivery.statusCode);
    },
  };
  return world;
}
