import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BindingInvalidError,
  type ConnectedAccount,
  createEngine,
  createTriggerHost,
  MemoryJournal,
  MemoryTriggerStore,
  MemoryVault,
  type TriggerHandlerContext,
  type TriggerHost,
} from '@toolsteps/engine';
import github, { createIssue } from '../../src/index.js';
import { DEMO_REPO, DEMO_TOKEN, HUBOT_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const HOOKS = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/hooks`;

/** Answers who the run's GitHub account is: the login its token belongs to. */
const WHO_AM_I = {
  id: 'who-am-i',
  input: { type: 'object', properties: { number: { type: 'integer' } } },
  steps: [
    {
      id: 'me',
      step: 'github.api_call',
      args: { endpoint: '/user', headers: { accept: 'application/vnd.github+json' } },
    },
  ],
  output: '{% $steps.me.result.body.login %}',
};

/** What an agent runtime subscribes a user to: new issues of the demo repository, through "their" `github`. */
const newIssuesOf = (user: string, target: object = { workflow: './who-am-i.json' }) => ({
  id: `${user}-new-issues`,
  user,
  trigger: 'github.new_issue',
  account: 'github',
  config: { ...DEMO_REPO },
  ...target,
  input: { number: '{% $event.issue.number %}' },
});

describe('a binding for an end user watches and runs with that user’s account', () => {
  const gh = useGithubEmulator();
  let folder = '';
  let server: Server;
  let publicUrl = '';
  let host: TriggerHost | undefined;
  let journal: MemoryJournal;
  const handed: TriggerHandlerContext[] = [];

  /** Alice's and Bob's GitHub accounts: the same id, octocat's and hubot's tokens; none of no user. */
  const accountsOfTwoUsers = (): ConnectedAccount[] => [
    { ...gh.emulator.account, id: 'github', name: 'Main', user: 'alice' },
    { ...gh.emulator.accountFor('hubot', HUBOT_TOKEN), id: 'github', name: 'Main', user: 'bob' },
  ];
  /** A binding file beside the workflow, given as its text. */
  const source = (binding: object) => ({
    text: JSON.stringify(binding),
    file: join(folder, `${(binding as { id: string }).id}.binding.json`),
  });
  /** A started host over alice's and bob's accounts, serving `bindings` (not activated). */
  const serve = async (bindings: object[] = []) => {
    journal = new MemoryJournal();
    const engine = await createEngine({
      integrations: [github],
      vault: new MemoryVault(accountsOfTwoUsers()),
      journal,
      triggerStore: new MemoryTriggerStore(),
    });
    host = await createTriggerHost({
      engine,
      bindings: bindings.map(source),
      publicUrl,
      handlers: { startAgent: (_input, context) => void handed.push(context) },
    });
    await host.start();
    return host;
  };
  /** Whose token a request the emulator received carried. */
  const whose = ({ headers }: { headers: Record<string, string> }) =>
    headers.authorization?.endsWith(DEMO_TOKEN)
      ? 'octocat'
      : headers.authorization?.endsWith(HUBOT_TOKEN)
        ? 'hubot'
        : 'nobody';
  const hookRequests = () =>
    gh.emulator.requests
      .filter((request) => request.path.startsWith(HOOKS))
      .map((request) => `${request.method} as ${whose(request)}`);
  const openIssue = async (title: string) => {
    expect((await gh.run(createIssue, { ...DEMO_REPO, title })).error).toBeUndefined();
    await gh.emulator.webhooksSettled();
    await host?.idle();
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'github-user-bindings-'));
    await writeFile(join(folder, 'who-am-i.json'), JSON.stringify(WHO_AM_I));
    server = createServer((request, response) => {
      if (host) void host.nodeHandler(request, response);
      else response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/toolsteps`;
  });
  afterEach(async () => {
    await gh.emulator.webhooksSettled();
    await host?.stop();
    host = undefined;
    handed.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  it("registers alice's hook with her account (octocat's token), and runs each issue's workflow for alice", async () => {
    const served = await serve([newIssuesOf('alice')]);

    await served.activate('alice-new-issues');
    await gh.emulator.webhooksSettled();
    await openIssue('Crash on save');

    expect(hookRequests()).toEqual(['GET as octocat', 'POST as octocat']);
    const ping = gh.emulator.deliveries.find((delivery) => delivery.event === 'ping');
    expect(ping?.payload.sender).toMatchObject({ login: 'octocat' });
    const [delivery] = await served.deliveries({ bindingId: 'alice-new-issues', status: ['succeeded'] });
    expect(delivery.runs).toHaveLength(1);
    expect(journal.run(delivery.runs[0].runId)).toMatchObject({
      status: 'succeeded',
      user: 'alice',
      output: 'octocat',
    });
  });

  it("registers bob's with his account (hubot's token), which GitHub refuses: hubot is no admin of the repository", async () => {
    const served = await serve([newIssuesOf('bob')]);

    await expect(served.activate('bob-new-issues')).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/admin rights on the repository/),
    });
    expect(hookRequests()).toEqual(['GET as hubot']);
  });

  it("subscribes alice on a running host: her hook is octocat's, her handler is told the event is alice's", async () => {
    const served = await serve();

    await served.addBinding(source(newIssuesOf('alice', { handler: 'startAgent' })));
    await gh.emulator.webhooksSettled();
    await openIssue('Freeze on load');

    expect(hookRequests()).toEqual(['GET as octocat', 'POST as octocat']);
    expect(handed).toEqual([expect.objectContaining({ user: 'alice', attempt: 1 })]);
  });

  it('refuses a binding for carol, who connected no GitHub account, at load and on a running host', async () => {
    const refusal = {
      message: expect.stringContaining(
        'user "carol" has no GitHub account connected: the binding has no account to watch through',
      ),
    };

    const atLoad = serve([newIssuesOf('carol')]);
    await expect(atLoad).rejects.toBeInstanceOf(BindingInvalidError);
    await expect(atLoad).rejects.toMatchObject(refusal);
    const served = await serve();
    const added = served.addBinding(source(newIssuesOf('carol', { handler: 'startAgent' })));
    await expect(added).rejects.toBeInstanceOf(BindingInvalidError);
    await expect(added).rejects.toMatchObject(refusal);

    expect(served.bindings).toEqual([]);
    expect(gh.emulator.requests).toEqual([]);
  });
});
