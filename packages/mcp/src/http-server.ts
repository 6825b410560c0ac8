import { createServer, type IncomingMessage, type Server as NodeServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Engine } from '@toolsteps/engine';
import { type BearerHolder, BearerUsers } from './bearer-users.js';
import { answer, type Refusal, refuse } from './http-answers.js';
import { McpSessions } from './mcp-sessions.js';
import { createToolServer, type ToolServerOptions } from './tool-server.js';

export interface McpHttpOptions extends Omit<ToolServerOptions, 'user'> {
  /** token → the user whose accounts its calls use (null: the accounts of no user, a service's own). */
  tokens: Readonly<Record<string, string | null>>;
  /** Default 127.0.0.1: only this machine reaches it. */
  host?: string;
  /** Default 0: a free port (see `url`). */
  port?: number;
  /** Default `/mcp`. */
  path?: string;
  /** Larger request bodies are refused (413) unread; default 1 MiB. */
  maxBodyBytes?: number;
  /** Sessions open at once; past it a new client is refused (503). Default 1,000. */
  maxSessions?: number;
  /** A session not used for this long is closed; default 30 minutes. */
  sessionIdleMs?: number;
}

export interface McpHttpServer {
  /** Where clients connect, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  /** Sessions open now. */
  readonly sessions: number;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_MAX_SESSIONS = 1000;
const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;

/**
 * The engine's tools over MCP's Streamable HTTP transport. Each client gets a session (a server of
 * its own, bound to the user its bearer token names), so its cancellations and progress reach the
 * call they are about; a session is used only with the token that opened it. Everything else is
 * refused before any body is read: another path (404), a missing or unknown token (401), a `Host`
 * other than the server's own on loopback (421, against DNS rebinding), a body over `maxBodyBytes`
 * (413), a new session past `maxSessions` (503). Idle sessions are closed.
 */
export async function startMcpHttpServer(engine: Engine, options: McpHttpOptions): Promise<McpHttpServer> {
  const {
    tokens,
    host = '127.0.0.1',
    port = 0,
    path = '/mcp',
    maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
    maxSessions = DEFAULT_MAX_SESSIONS,
    sessionIdleMs = DEFAULT_SESSION_IDLE_MS,
    ...tools
  } = options;
  const users = new BearerUsers(tokens);
  // Checked once, at start: a filter that names nothing is a mistake to hear about now.
  engine.tools({ ...tools, format: 'mcp' });
  const sessions = new McpSessions(maxSessions, sessionIdleMs);
  let hostHeaders: Set<string> | undefined;

  const server: NodeServer = createServer((req, res) => {
    const refusal = refused(req, { path, users, hostHeaders, maxBodyBytes });
    if (refusal) return refuse(req, res, refusal);
    const holder = users.holderOf(req.headers.authorization) as BearerHolder;
    const sessionId = req.headers['mcp-session-id'];
    const server = () =>
      createToolServer(engine, { ...tools, ...(holder.user === undefined ? {} : { user: holder.user }) });
    const handled =
      typeof sessionId === 'string'
        ? sessions.resume(sessionId, holder.token, req, res)
        : sessions.open(server, holder.token, maxBodyBytes, req, res);
    handled.catch(() => {
      if (!res.headersSent) answer(res, 500, 'The MCP exchange failed');
      else res.destroy();
    });
  });
  // Slow senders do not hold a connection: headers within 10 s, the whole request within 30 s.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  if (LOOPBACK.has(host)) {
    hostHeaders = new Set([
      `127.0.0.1:${address.port}`,
      `localhost:${address.port}`,
      `[::1]:${address.port}`,
    ]);
  }
  return {
    url: `http://${shownHost}:${address.port}${path}`,
    get sessions() {
      return sessions.size;
    },
    close: async () => {
      await sessions.closeAll();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

function refused(
  req: IncomingMessage,
  {
    path,
    users,
    hostHeaders,
    maxBodyBytes,
  }: { path: string; users: BearerUsers; hostHeaders?: Set<string>; maxBodyBytes: number },
): Refusal | undefined {
  const requestPath = (req.url ?? '').split('?')[0];
  if (requestPath !== path) return { status: 404, message: `The MCP endpoint is ${path}` };
  if (hostHeaders && !hostHeaders.has((req.headers.host ?? '').toLowerCase()))
    return { status: 421, message: 'This server answers only requests addressed to it on loopback' };
  if (users.holderOf(req.headers.authorization) === undefined)
    return {
      status: 401,
      message: 'A bearer token this server knows is required (Authorization: Bearer <token>)',
      headers: { 'www-authenticate': 'Bearer' },
    };
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > maxBodyBytes)
    return { status: 413, message: `Request bodies are limited to ${maxBodyBytes} bytes` };
  return undefined;
}
