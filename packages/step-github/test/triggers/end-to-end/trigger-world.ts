import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { createEngine, createTriggerHost, MemoryTriggerStore, type TriggerHost } from '@toolsteps/engine';
import github from '../../../src/index.js';
import { useGithubEmulator } from '../../github-fixture.js';
import { githubHttp } from '../../repositories/github-http.js';
import { unmarked } from '../../unmarked.js';
import { bindingIdsOf, INBOX, writeBindingFiles } from './binding-files.js';
import { type BindingOutcome, bindingOutcome } from './binding-outcome.js';
import { githubHand } from './github-hand.js';
import { HostEventLog } from './host-event-log.js';
import type { GithubHand, TriggerCase } from './trigger-case.js';

/**
 * The GitHub emulator (its demo state put back before each test), an engine with octocat's account,
 * and one started trigger host serving every case's bindings from binding files, behind a real
 * loopback HTTP server the emulator's hooks deliver to. Each test gets the inbox issue anew.
 */
export function useTriggerWorld(cases: readonly TriggerCase[]) {
  const gh = useGithubEmulator();
  const log = new HostEventLog();
  let folder: string | undefined;
  let server: Server | undefined;
  let started: TriggerHost | undefined;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'github-triggers-end-to-end-'));
    const account = gh.emulator.account;
    const bindings = await writeBindingFiles(folder, cases, account.id);
    const engine = await createEngine({
      integrations: [github],
      accounts: [account],
      triggerStore: new MemoryTriggerStore(),
    });
    server = createServer((request, response) => {
      if (started) void started.nodeHandler(request, response);
      else response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/toolsteps`;
    started = await createTriggerHost({ engine, bindings, publicUrl, onEvent: log.listener });
    await started.start();
  }, 120_000);

  beforeEach(async () => {
    const { owner, repo, issue_number } = INBOX;
    const inbox = await githubHttp(gh.emulator, 'POST', `/repos/${owner}/${repo}/issues`, {
      body: { title: 'Inbox', body: 'Every run of the end-to-end bindings comments here.' },
    });
    if (inbox.body?.number !== issue_number)
      throw new Error(`The inbox issue is #${inbox.body?.number}, not #${issue_number}`);
  });

  afterAll(async () => {
    await started?.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
  });

  const host = (): TriggerHost => {
    if (started === undefined) throw new Error('The trigger host is not started yet');
    return started;
  };
  const idsOf = (trigger: string) => Object.values(bindingIdsOf(trigger));

  /** Every delivery sent so far answered, and every one kept run to its end. */
  const settled = async (): Promise<void> => {
    await gh.emulator.webhooksSettled();
    await host().idle();
  };

  /** The first poll after activation only records where "new" starts: it must be over before anything is created. */
  const firstPoll = async (bindingId: string): Promise<void> => {
    await Promise.race([
      log.seen('poll.finished', bindingId, (event) => event.first),
      log.seen('poll.failed', bindingId),
    ]);
    const [failed] = log.of('poll.failed', bindingId);
    if (failed !== undefined)
      throw new Error(`The first poll of ${bindingId} failed: ${failed.error.message}`);
  };

  return {
    get emulator() {
      return gh.emulator;
    },
    settled,

    hand: (trigger: string): GithubHand => githubHand(gh, host, idsOf(trigger)),

    /**
     * Activates the trigger's two bindings and waits until they are ready: a webhook binding's hook
     * registered (and GitHub's ping to it handled), a poll binding's first poll done.
     */
    async activate(trigger: string): Promise<void> {
      for (const id of idsOf(trigger)) {
        await host().activate(id);
        if (host().bindings.find((binding) => binding.id === id)?.trigger.delivery === 'poll')
          await firstPoll(id);
      }
      await settled();
    },

    async deactivate(trigger: string): Promise<void> {
      for (const id of idsOf(trigger)) await host().deactivate(id);
    },

    /** The inbox issue's comments, oldest first, without the markers the steps wrote. */
    async inbox(): Promise<string[]> {
      const { owner, repo, issue_number } = INBOX;
      const path = `/repos/${owner}/${repo}/issues/${issue_number}/comments`;
      const answer = await githubHttp(gh.emulator, 'GET', path);
      return (answer.body as Array<{ body: string }>).map((comment) => unmarked(comment.body));
    },

    outcomeOf: (bindingId: string): BindingOutcome => bindingOutcome(gh.emulator, host(), log, bindingId),
  };
}
