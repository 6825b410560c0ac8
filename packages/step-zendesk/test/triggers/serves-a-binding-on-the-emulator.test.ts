import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DEMO_TICKETS, DEMO_TOKENS } from '../../src/testing/index.js';

jest.setTimeout(240_000);

const ROOT = resolve(import.meta.dirname, '../../../..');

/** `toolsteps serve … --json` from the repository root; its JSON lines, and its end. */
function serve(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['packages/cli/bin/toolsteps.js', ...args, '--json'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((done) => child.once('close', done));
  const lines = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const waitFor = async (match: (line: Record<string, unknown>) => boolean) => {
    for (;;) {
      const found = lines().find(match);
      if (found) return found;
      if (child.exitCode !== null) throw new Error(`serve ended first:\n${stdout}\n${stderr}`);
      await new Promise((wake) => setTimeout(wake, 50));
    }
  };
  return { child, exited, waitFor, stderr: () => stderr };
}

describe('toolsteps serve with a Zendesk binding, on the emulator', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolsteps-zendesk-serve-'));
    await writeFile(
      join(dir, 'entitled.config.json'),
      JSON.stringify({ entitlements: ['zendesk.enterprise'] }),
    );
    await writeFile(join(dir, 'plain.config.json'), JSON.stringify({}));
    await writeFile(
      join(dir, 'page-on-urgent.binding.json'),
      JSON.stringify({
        id: 'page-on-urgent',
        trigger: 'zendesk.ticket_priority_changed',
        // The emulator's admin, by name: only admins may create webhooks and triggers.
        account: 'Lumen Coffee admin',
        config: { priority: 'urgent' },
        workflow: './tag-paged.json',
        input: { ticket: '{% $event.ticket.id %}' },
      }),
    );
    await writeFile(
      join(dir, 'tag-paged.json'),
      JSON.stringify({
        id: 'tag-paged',
        input: { type: 'object', required: ['ticket'], properties: { ticket: { type: 'integer' } } },
        steps: [
          {
            id: 'tag',
            step: 'zendesk.update_ticket',
            args: { ticket_id: '{% $input.ticket %}', add_tags: ['paged'] },
          },
        ],
      }),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('registers the webhook and trigger, and runs the workflow when a ticket turns urgent', async () => {
    const server = serve(['--config', join(dir, 'entitled.config.json'), 'serve', dir, '--port', '0']);
    try {
      const ready = await server.waitFor((line) => line.type === 'serve.ready');
      const [{ baseUrl }] = ready.emulators as Array<{ baseUrl: string }>;
      const ticketUrl = `${baseUrl}/api/v2/tickets/${DEMO_TICKETS.missingBurrs}.json`;
      const headers = {
        authorization: `Bearer ${DEMO_TOKENS.agentAccess}`,
        'content-type': 'application/json',
      };
      const changed = await fetch(ticketUrl, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ticket: { priority: 'urgent' } }),
      });
      expect(changed.status).toBe(200);
      const finished = await server.waitFor((line) => line.type === 'run.finished');
      expect({ status: finished.status, error: finished.error }).toEqual({
        status: 'succeeded',
        error: undefined,
      });
      const ticket = (await (await fetch(ticketUrl, { headers })).json()) as { ticket: { tags: string[] } };
      expect(ticket.ticket.tags).toContain('paged');
    } finally {
      server.child.kill('SIGINT');
      expect(await server.exited).toBe(0);
    }
  });

  it('activates nothing where the host is not entitled to Zendesk Enterprise, and says how to grant it', async () => {
    const server = serve(['--config', join(dir, 'plain.config.json'), 'serve', dir, '--port', '0']);
    const ready = await server.waitFor((line) => line.type === 'serve.ready');
    expect(ready.bindings).toEqual([
      expect.objectContaining({
        id: 'page-on-urgent',
        error: expect.objectContaining({
          message: expect.stringContaining('"entitlements": ["zendesk.enterprise"]'),
        }),
      }),
    ]);
    expect(await server.exited).toBe(1);
  });
});
