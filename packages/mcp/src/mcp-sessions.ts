import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { refuse } from './http-answers.js';

interface Session {
  /** The digest of the bearer token that opened it: the only one that may use it. */
  token: string;
  server: Server;
  transport: StreamableHTTPServerTransport;
  lastUsed: number;
}

/**
 * The open MCP sessions, each a server and transport of its own for one client and its token. Bounded:
 * at most `max` at once, and each closed once idle for `idleMs`.
 */
export class McpSessions {
  readonly #sessions = new Map<string, Session>();
  readonly #sweep: NodeJS.Timeout;

  constructor(
    private readonly max: number,
    private readonly idleMs: number,
  ) {
    this.#sweep = setInterval(() => this.#closeIdle(), Math.min(idleMs, 60_000));
    this.#sweep.unref();
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** A request of no session: a client initializing one (the transport refuses anything else). */
  async open(
    serverOf: () => Server,
    token: string,
    maxBodyBytes: number,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    if (this.#sessions.size >= this.max) {
      refuse(req, res, {
        status: 503,
        message: `This server holds ${this.max} sessions already: try again later`,
        headers: { 'retry-after': '60' },
      });
      return;
    }
    const server = serverOf();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: maxBodyBytes,
      onsessioninitialized: (id) => {
        this.#sessions.set(id, { token, server, transport, lastUsed: Date.now() });
      },
      onsessionclosed: (id) => {
        this.#forget(id);
      },
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
    // Not an initialization (refused by the transport): nothing to keep.
    if (transport.sessionId === undefined) await server.close();
  }

  /** A request in a session: only with the token that opened it. */
  async resume(id: string, token: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const session = this.#sessions.get(id);
    if (session === undefined || session.token !== token) {
      // As for a session that ended: the client starts a new one (MCP's rule for a 404).
      refuse(req, res, { status: 404, message: 'No such session: initialize a new one' });
      return;
    }
    session.lastUsed = Date.now();
    await session.transport.handleRequest(req, res);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.#sweep);
    const open = [...this.#sessions.keys()];
    await Promise.all(open.map((id) => this.#close(id)));
  }

  #closeIdle(): void {
    const now = Date.now();
    for (const [id, session] of this.#sessions)
      if (now - session.lastUsed > this.idleMs) void this.#close(id);
  }

  async #close(id: string): Promise<void> {
    const session = this.#forget(id);
    // Closing the server aborts its calls in flight.
    await session?.server.close();
  }

  #forget(id: string): Session | undefined {
    const session = this.#sessions.get(id);
    this.#sessions.delete(id);
    return session;
  }
}
