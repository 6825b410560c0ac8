import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Engine } from '@toolsteps/engine';
import { createToolServer, type ToolServerOptions } from './tool-server.js';

export interface StdioOptions extends ToolServerOptions {
  /** Default the process's stdin and stdout. */
  stdin?: Readable;
  stdout?: Writable;
  /** Ends the server (its calls in flight are cancelled), as the end of stdin does. */
  signal?: AbortSignal;
}

/**
 * The engine's tools over stdio, for the client that started this process (Claude Desktop, an IDE,
 * an agent runtime). Resolves once the client closes stdin (MCP's way to end a stdio server) or
 * `signal` aborts; calls still running are cancelled.
 */
export async function serveMcpOverStdio(engine: Engine, options: StdioOptions = {}): Promise<void> {
  const { stdin = process.stdin, stdout = process.stdout, signal, ...tools } = options;
  const server = createToolServer(engine, tools);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  const close = () => void server.close();
  stdin.once('end', close);
  signal?.addEventListener('abort', close, { once: true });
  try {
    await server.connect(new StdioServerTransport(stdin, stdout));
    if (signal?.aborted) close();
    await closed;
  } finally {
    stdin.off('end', close);
    signal?.removeEventListener('abort', close);
  }
}
