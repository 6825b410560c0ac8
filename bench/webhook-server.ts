import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConnectedAccount, createEngine, createTriggerHost, type TriggerHost } from '@toolsteps/engine';
import { SqliteTriggerStore } from '@toolsteps/sqlite';
import github from '../packages/step-github/src/index.js';
import { forkSelf } from './forked-self.js';

export const BINDING_ID = 'b4-new-issues';

/** What the server is told: the GitHub account its binding watches through, and which repository. */
export interface ServerPlan {
  account: ConnectedAccount;
  repository: { owner: string; repo: string };
}

/** A Toolsteps trigger host serving one github.new_issue binding, in a child process. */
export interface WebhookServer {
  /** Where GitHub was told to deliver: the binding's URL. */
  hookUrl: string;
  /** CPU time (user + system, µs) the server process has used so far. */
  cpuUs(): Promise<number>;
  /** The id of every delivery the store holds for the binding. */
  storedIds(): Promise<string[]>;
  close(): Promise<void>;
}

type Reply =
  | { type: 'ready'; hookUrl: string }
  | { type: 'cpu'; cpuUs: number }
  | { type: 'ids'; ids: string[] }
  | { type: 'closed' };

/**
 * Starts the server process. It activates its binding before it answers: the hook is registered
 * through the account's HTTP (at the emulator), which then sends it GitHub's ping.
 */
export async function spawnWebhookServer(plan: ServerPlan): Promise<WebhookServer> {
  const { child, ask } = forkSelf<Reply>(import.meta.url, plan, 'The B4 webhook server');
  const { hookUrl } = await ask('ready');
  return {
    hookUrl,
    cpuUs: async () => (await ask('cpu', 'cpu')).cpuUs,
    storedIds: async () => (await ask('ids', 'ids')).ids,
    close: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      await ask('closed', 'close');
      await exited;
    },
  };
}

/** Records the number and nothing else: the filter lets no event through to it anyway. */
const WORKFLOW = {
  id: 'note-issue',
  input: { type: 'object', required: ['number'], properties: { number: { type: 'integer' } } },
  steps: [{ id: 'note', assign: { number: '{% $input.number %}' } }],
};

/**
 * The binding's filter skips every event: B4 measures intake (verify, commit, acknowledge), and
 * what runs afterwards is B1's and B6's. The host still takes each delivery after its answer (reads
 * it back, matches the trigger, evaluates the filter, records it skipped), as it would in service.
 */
function bindingText(plan: ServerPlan): string {
  return JSON.stringify({
    id: BINDING_ID,
    trigger: 'github.new_issue',
    account: plan.account.id,
    config: plan.repository,
    filter: '{% $event.issue.number < 0 %}',
    workflow: './note-issue.json',
    input: { number: '{% $event.issue.number %}' },
  });
}

async function serve(plan: ServerPlan): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'toolsteps-b4-'));
  // The store's files go with the process, however it ends (a failed activation included).
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  // Whatever happens to the bench (a crash, Ctrl-C), the server never outlives it.
  process.once('disconnect', () => process.exit(0));
  writeFileSync(join(folder, 'note-issue.json'), JSON.stringify(WORKFLOW));
  // The store as shipped, in a file on disk: WAL, synchronous=FULL, group commit.
  const store = SqliteTriggerStore.open(join(folder, 'triggers.sqlite'));
  const engine = await createEngine({
    integrations: [github],
    accounts: [plan.account],
    triggerStore: store,
  });
  // The host needs the server's port for its URLs: until it exists, requests are refused.
  let host: TriggerHost | undefined;
  const server = createServer((request, response) => {
    if (host) void host.nodeHandler(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  host = await createTriggerHost({
    engine,
    store,
    bindings: [{ text: bindingText(plan), file: join(folder, 'b4.binding.json') }],
    publicUrl: `http://127.0.0.1:${port}/toolsteps`,
  });
  await host.activate(BINDING_ID);
  await host.start();

  process.on('message', async (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ type: 'cpu', cpuUs: user + system } satisfies Reply);
    }
    if (message === 'ids') {
      const keys = await store.deliveryKeys({ bindingId: BINDING_ID });
      process.send?.({ type: 'ids', ids: keys.map((key) => key.id) } satisfies Reply);
    }
    if (message === 'close') {
      await host?.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
      process.send?.({ type: 'closed' } satisfies Reply, () => process.exit(0));
    }
  });
  process.send?.({ type: 'ready', hookUrl: host.urlOf(BINDING_ID) } satisfies Reply);
}

if (process.argv[2] === '--serve') await serve(JSON.parse(process.argv[3] ?? '{}') as ServerPlan);
