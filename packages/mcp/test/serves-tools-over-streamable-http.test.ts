import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createEngine, type Engine, MemoryVault } from '@toolsteps/engine';
import github from '@toolsteps/step-github';
import {
  createGithubEmulator,
  DEMO_REPO,
  type GithubEmulator,
  HUBOT_TOKEN,
  repoKey,
} from '@toolsteps/step-github/testing';
import { type McpHttpServer, startMcpHttpServer } from '../src/index.js';

const TOKEN = 'mcp-test-token-0123456789abcdef0123456789';
const BOB_TOKEN = 'mcp-test-token-of-bob-0123456789abcdef0123';
const CAROL_TOKEN = 'mcp-test-token-of-carol-0123456789abcdef01';
const KEY = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);

describe('the MCP server over Streamable HTTP, as the SDK client meets it', () => {
  let emulator: GithubEmulator;
  let engine: Engine;
  let server: McpHttpServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    emulator = await createGithubEmulator();
    // Alice's account is octocat's, Bob's hubot's: each call acts as its token's user.
    const vault = new MemoryVault([
      { ...emulator.account, user: 'alice' },
      { ...emulator.accountFor('hubot', HUBOT_TOKEN), user: 'bob' },
    ]);
    engine = await createEngine({ integrations: [github], vault });
    server = await startMcpHttpServer(engine, {
      tokens: { [TOKEN]: 'alice', [BOB_TOKEN]: 'bob', [CAROL_TOKEN]: 'carol' },
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    emulator.resetState();
    emulator.reset();
  });
  afterAll(async () => {
    await server.close();
    await emulator.close();
  });

  async function connect(url = server.url, token = TOKEN): Promise<Client> {
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    clients.push(client);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  }

  it('lists the steps as tools with input and output schemas and what calling them does', async () => {
    const { tools } = await (await connect()).listTools();

    const createIssue = tools.find((tool) => tool.name === 'github_create_issue');
    const getRepository = tools.find((tool) => tool.name === 'github_get_repository');
    expect(tools.length).toBeGreaterThan(20);
    expect(createIssue).toMatchObject({
      title: expect.any(String),
      inputSchema: { type: 'object', required: expect.arrayContaining(['owner', 'repo', 'title']) },
      outputSchema: { type: 'object' },
      annotations: { readOnlyHint: false },
    });
    expect(getRepository?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
  });

  it('calls a read and a write on the emulator; the client checks each structured result against its schema', async () => {
    const client = await connect();
    await client.listTools();

    const read = await client.callTool({ name: 'github_get_repository', arguments: DEMO_REPO });
    const write = await client.callTool({
      name: 'github_create_issue',
      arguments: { ...DEMO_REPO, title: 'Filed over MCP', body: 'Seen by an agent' },
    });

    expect(read).toMatchObject({ structuredContent: { full_name: 'octo-org/hello-world' } });
    expect(read.isError).toBeFalsy();
    expect(write).toMatchObject({
      structuredContent: { title: 'Filed over MCP', state: 'open', author: 'octocat' },
    });
    const filed = emulator.state.issues.list(KEY).find((issue) => issue.title === 'Filed over MCP');
    expect(filed?.body).toBe('Seen by an agent');
  });

  it("runs each client's calls for the user its token names", async () => {
    const asAlice = await connect();
    const asBob = await connect(server.url, BOB_TOKEN);
    const whoAmI = { endpoint: '/user', headers: { accept: 'application/vnd.github+json' } };

    const [alice, bob] = await Promise.all([
      asAlice.callTool({ name: 'github_api_call', arguments: whoAmI }),
      asBob.callTool({ name: 'github_api_call', arguments: whoAmI }),
    ]);

    expect(alice).toMatchObject({ structuredContent: { body: { login: 'octocat' } } });
    expect(bob).toMatchObject({ structuredContent: { body: { login: 'hubot' } } });
  });

  it('tells the model of a user with no account to ask them to connect it, sending nothing upstream', async () => {
    const client = await connect(server.url, CAROL_TOKEN);

    const result = await client.callTool({ name: 'github_get_repository', arguments: DEMO_REPO });

    expect(result.isError).toBe(true);
    const [content] = result.content as Array<{ type: string; text: string }>;
    expect(content.text).toMatch(/^not_connected: User "carol" has no GitHub account connected/);
    expect(content.text).toContain(
      'Ask the user to connect their github account (by authorizing it at the provider), then call again',
    );
    expect(emulator.requests).toEqual([]);
  });

  it('answers an invalid argument with an error the model reads, and sends nothing upstream', async () => {
    const client = await connect();

    const result = await client.callTool({
      name: 'github_create_issue',
      arguments: { ...DEMO_REPO, title: '' },
    });

    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: 'text',
        text: expect.stringMatching(/^validation: .*title.* The argument at fault: \/title\.$/),
      },
    ]);
    expect(emulator.requests).toEqual([]);
  });

  it('stops a call the client cancels: the request upstream is cut off', async () => {
    const client = await connect();
    emulator.faults.inject({ path: '/repos/octo-org/hello-world', delayMs: 30_000 });
    const controller = new AbortController();

    const call = client.callTool({ name: 'github_get_repository', arguments: DEMO_REPO }, undefined, {
      signal: controller.signal,
    });
    await waitFor(() => emulator.inFlight > 0);
    controller.abort();

    await expect(call).rejects.toThrow();
    await waitFor(() => emulator.inFlight === 0);
  });

  it('refuses a request without the bearer token, with a wrong one, or at another path, before reading it', async () => {
    const post = (path: string, headers: Record<string, string>) =>
      fetch(new URL(path, server.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });

    expect((await post('/mcp', {})).status).toBe(401);
    expect((await post('/mcp', { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` })).status).toBe(401);
    expect((await post('/other', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    await expect(connect(server.url, 'not-the-token-0123456789abcdef0123456789')).rejects.toThrow();
  });

  it('refuses a request addressed to another host (DNS rebinding), and a body over the limit, unread', async () => {
    const url = new URL(server.url);
    const rebound = await rawRequest(
      url,
      { host: 'evil.example:80', authorization: `Bearer ${TOKEN}` },
      '{}',
    );
    const large = await rawRequest(url, { authorization: `Bearer ${TOKEN}` }, 'x'.repeat(1024 * 1024 + 1));

    expect(rebound).toBe(421);
    expect(large).toBe(413);
  });

  it("keeps a session to the user who opened it: another user's token cannot use it", async () => {
    const client = await connect();
    const transport = (client as unknown as { transport: StreamableHTTPClientTransport }).transport;
    const sessionId = transport.sessionId as string;

    const asBob = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${BOB_TOKEN}`,
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
    });

    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(asBob.status).toBe(404);
  });

  it('tells a client that asks how a call goes, step by step', async () => {
    const client = await connect();
    const progress: string[] = [];

    await client.callTool({ name: 'github_get_repository', arguments: DEMO_REPO }, undefined, {
      onprogress: (note) => progress.push(String(note.message)),
    });

    expect(progress).toEqual(['github.get_repository started', 'github.get_repository done']);
  });
});

describe('a read-only MCP server', () => {
  it('lists only reads, and refuses a write by name', async () => {
    const emulator = await createGithubEmulator();
    const engine = await createEngine({ integrations: [github], accounts: [emulator.account] });
    // A token of no user: its calls use the accounts of no user, as a service's own would.
    const server = await startMcpHttpServer(engine, { tokens: { [TOKEN]: null }, readOnly: true });
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), {
          requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
        }),
      );
      const { tools } = await client.listTools();

      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      await expect(
        client.callTool({ name: 'github_create_issue', arguments: { ...DEMO_REPO, title: 'Sneaky' } }),
      ).rejects.toThrow(/No tool is called "github_create_issue" here/);
      expect(emulator.requests).toEqual([]);
    } finally {
      await client.close();
      await server.close();
      await emulator.close();
    }
  });
});

/** A POST written by hand, so its Host header and body are exactly what the test says; resolves with the status. */
function rawRequest(url: URL, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    // The server answers before reading the body and closes: a write cut short is expected.
    req.on('error', () => {});
    req.end(body);
    req.on('close', () => {});
    setTimeout(() => reject(new Error('no answer')), 10_000).unref();
  });
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 500) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
