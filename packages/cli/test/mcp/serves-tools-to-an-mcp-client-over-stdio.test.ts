import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createGithubEmulator } from '@toolsteps/step-github/testing';
import { BIN, cliEnv, REPO_ROOT } from '../support/cli-process.js';

jest.setTimeout(120_000);

/** `toolsteps mcp` as an MCP client starts it: a child process speaking MCP on its stdin and stdout. */
function toolstepsMcp(args: string[]): { client: Client; transport: StdioClientTransport } {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [resolve(REPO_ROOT, BIN), 'mcp', ...args],
    cwd: REPO_ROOT,
    env: cliEnv() as Record<string, string>,
    stderr: 'pipe',
  });
  return { client: new Client({ name: 'test-agent', version: '1.0.0' }), transport };
}

describe('toolsteps mcp on stdio, as an MCP client runs it', () => {
  const open: Client[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
  });

  it('serves the steps on emulators when no accounts are given: lists them, runs a read and a write', async () => {
    const { client, transport } = toolstepsMcp(['--integration', 'github']);
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    await client.connect(transport);
    open.push(client);

    const { tools } = await client.listTools();
    const read = await client.callTool({
      name: 'github_get_repository',
      arguments: { owner: 'octo-org', repo: 'hello-world' },
    });
    const write = await client.callTool({
      name: 'github_create_issue',
      arguments: { owner: 'octo-org', repo: 'hello-world', title: 'From an MCP client' },
    });

    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['github_create_issue', 'github_search_issues']),
    );
    expect(tools.every((tool) => tool.name.startsWith('github_'))).toBe(true);
    expect(read).toMatchObject({ structuredContent: { full_name: 'octo-org/hello-world' } });
    expect(write).toMatchObject({ structuredContent: { title: 'From an MCP client', author: 'octocat' } });
    expect(stderr).toMatch(/running against local emulators with demo accounts/);
  });

  it('offers a workflow file as one more tool, among the reads of a read-only server', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolsteps-mcp-'));
    const workflow = join(folder, 'open-bugs.json');
    await writeFile(
      workflow,
      JSON.stringify({
        id: 'open-bugs',
        description: 'Counts the open bugs of octo-org/hello-world.',
        steps: [
          {
            id: 'bugs',
            step: 'github.search_issues',
            args: { q: 'repo:octo-org/hello-world is:issue is:open label:bug' },
          },
        ],
        output: { open_bugs: '{% $steps.bugs.result.total_count %}' },
      }),
    );
    try {
      const { client, transport } = toolstepsMcp([
        '--integration',
        'github',
        '--read-only',
        '--workflow',
        workflow,
      ]);
      await client.connect(transport);
      open.push(client);

      const { tools } = await client.listTools();
      const counted = await client.callTool({ name: 'open-bugs', arguments: {} });

      expect(tools.map((tool) => tool.name)).not.toContain('github_create_issue');
      expect(tools.find((tool) => tool.name === 'open-bugs')).toMatchObject({
        description: expect.stringContaining('Counts the open bugs'),
        annotations: { readOnlyHint: true },
      });
      expect(counted).toMatchObject({ structuredContent: { result: { open_bugs: expect.any(Number) } } });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('with an accounts file: answers an invalid argument for the model, and stops a call the client cancels', async () => {
    const emulator = await createGithubEmulator();
    const folder = await mkdtemp(join(tmpdir(), 'toolsteps-mcp-accounts-'));
    const accounts = join(folder, 'accounts.json');
    await writeFile(accounts, JSON.stringify({ accounts: [emulator.account] }), { mode: 0o600 });
    try {
      const { client, transport } = toolstepsMcp(['--integration', 'github', '--accounts', accounts]);
      await client.connect(transport);
      open.push(client);

      const invalid = await client.callTool({
        name: 'github_create_issue',
        arguments: { owner: 'octo-org', repo: 'hello-world', title: '' },
      });
      expect(invalid.isError).toBe(true);
      expect(invalid.content).toEqual([
        { type: 'text', text: expect.stringMatching(/^validation: .*\/title\.$/) },
      ]);
      expect(emulator.requests).toEqual([]);

      emulator.faults.inject({ path: '/repos/octo-org/hello-world', delayMs: 60_000 });
      const controller = new AbortController();
      const call = client.callTool(
        { name: 'github_get_repository', arguments: { owner: 'octo-org', repo: 'hello-world' } },
        undefined,
        { signal: controller.signal },
      );
      await waitUntil(() => emulator.inFlight > 0);
      controller.abort();

      await expect(call).rejects.toThrow();
      await waitUntil(() => emulator.inFlight === 0);
    } finally {
      await emulator.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('ends when the client closes its stdin', async () => {
    const { client, transport } = toolstepsMcp(['--integration', 'github']);
    await client.connect(transport);
    const pid = transport.pid as number;

    await client.close();

    await waitUntil(() => !alive(pid));
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 1000) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
