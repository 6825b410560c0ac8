import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createEngine,
  createTriggerHost,
  MemoryTriggerStore,
  type TriggerHost,
  type TriggerHostEvent,
} from '@toolsteps/engine';
import github, { createIssue } from '../../src/index.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

/** Thanks the author of every issue opened on the demo repository: one comment per run. */
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

describe("a GitHub delivery's signed body resent under a new X-GitHub-Delivery", () => {
  const gh = useGithubEmulator();
  let folder: string;
  let server: Server;
  let host: TriggerHost | undefined;
  const events: TriggerHostEvent[] = [];
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'github-replay-'));
    await writeFile(join(folder, 'thank-reporter.json'), JSON.stringify(WORKFLOW));
    await writeFile(join(folder, 'thank-reporters.binding.json'), JSON.stringify(BINDING));
    server = createServer((request, response) => {
      if (host) void host.nodeHandler(request, response);
      else response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = await createTriggerHost({
      engine: await createEngine({
        integrations: [github],
        accounts: [gh.emulator.account],
        triggerStore: new MemoryTriggerStore(),
      }),
      bindings: [join(folder, 'thank-reporters.binding.json')],
      publicUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/toolsteps`,
      onEvent: (event) => events.push(event),
    });
    await host.start();
  });
  afterAll(async () => {
    await gh.emulator.webhooksSettled();
    await host?.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  it('is answered 200 duplicate and runs nothing; without its signature it is refused 401', async () => {
    const serving = host!;
    await serving.activate(BINDING.id);
    const outcome = await gh.run(createIssue, { ...DEMO_REPO, title: 'Crash on save' });
    expect(outcome.error).toBeUndefined();
    await gh.emulator.webhooksSettled();
    await serving.idle();
    const sent = gh.emulator.deliveries.find((delivery) => delivery.event === 'issues')!;
    expect(sent.statusCode).toBe(202);

    // What someone who saw the request holds: its headers and bytes. The delivery id is not signed.
    const resend = (headers: Record<string, string>) =>
      fetch(serving.urlOf(BINDING.id), { method: 'POST', headers, body: sent.body });
    const replayed = await resend({
      ...sent.headers,
      'x-github-delivery': 'f0e1d2c3-0000-4000-8000-000000000001',
    });
    const { 'x-hub-signature-256': _signature, ...unsigned } = sent.headers;
    const stripped = await resend({
      ...unsigned,
      'x-github-delivery': 'f0e1d2c3-0000-4000-8000-000000000002',
    });
    await serving.idle();

    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toMatchObject({ duplicate: true });
    expect(stripped.status).toBe(401);
    // Kept: GitHub's ping at activation and the issue's delivery, nothing more.
    const kept = await serving.deliveries({ bindingId: BINDING.id });
    expect(kept.map((delivery) => delivery.id)).toEqual(
      gh.emulator.deliveries.map((delivery) => delivery.id),
    );
    expect(events.filter((event) => event.type === 'run.started')).toHaveLength(1);
  });
});
