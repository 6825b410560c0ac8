import type { Engine } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { engineOnEmulators } from '../emulated-engine.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { installedEmulators } from '../installed-emulators.js';
import { readSecretFile } from '../read-secret-file.js';
import { untilInterrupted } from '../until-interrupted.js';
import { MCP_TOKEN_ENV } from './mcp-token-env.js';

export interface McpOptions {
  accounts?: string;
  integration?: string[];
  step?: string[];
  readOnly?: boolean;
  workflow?: string[];
  user?: string;
  http?: boolean;
  host: string;
  port: string;
  tokenFile?: string;
}

/**
 * `toolsteps mcp`: the engine's tools for an MCP client. On stdio nothing but MCP goes to stdout
 * (notes go to stderr); over HTTP until Ctrl-C, each request carrying the bearer token.
 */
export async function mcpCommand(options: McpOptions, cli: CliContext): Promise<number> {
  // Without --user, calls use the accounts of no user: those of the accounts file as written.
  const tokens = options.http ? { [bearerToken(options, cli)]: options.user ?? null } : undefined;
  const { serveMcpOverStdio, startMcpHttpServer } = await import('@toolsteps/mcp');
  const base = await cli.engine(
    options.accounts === undefined ? undefined : await cli.openVault(options.accounts),
  );
  const emulated =
    options.accounts === undefined
      ? await engineOnEmulators(cli, base, emulatedIntegrations(base, options), 'the MCP server')
      : undefined;
  const engine = emulated?.engine ?? base;
  try {
    for (const file of options.workflow ?? []) await engine.addWorkflowTool(file);
    const selection = {
      ...(options.integration ? { integrations: options.integration } : {}),
      ...(options.step ? { steps: options.step } : {}),
      ...(options.readOnly ? { readOnly: true } : {}),
    };
    if (tokens === undefined) {
      // Ends when the client closes stdin, or on Ctrl-C / SIGTERM (how clients stop a server that lingers).
      const stop = new AbortController();
      void untilInterrupted().then(() => stop.abort());
      await serveMcpOverStdio(engine, {
        ...selection,
        ...(options.user ? { user: options.user } : {}),
        signal: stop.signal,
      });
      return EXIT.ok;
    }
    const server = await startMcpHttpServer(engine, {
      ...selection,
      tokens,
      host: options.host,
      port: port(options.port),
    });
    cli.output.note(
      `toolsteps: MCP server at ${server.url}, for user "${options.user ?? 'default'}" (Ctrl-C stops it)`,
    );
    await untilInterrupted();
    await server.close();
    return EXIT.ok;
  } finally {
    await emulated?.close();
  }
}

/** The integrations to emulate: those named, else every installed one with an emulator. */
function emulatedIntegrations(engine: Engine, options: McpOptions): string[] {
  return options.integration ?? installedEmulators(engine.registry);
}

function bearerToken(options: McpOptions, cli: CliContext): string {
  const token =
    options.tokenFile === undefined
      ? process.env[MCP_TOKEN_ENV]?.trim()
      : readSecretFile(options.tokenFile, '--token-file').text;
  if (!token)
    throw new UsageError(
      `--http needs a bearer token: set ${MCP_TOKEN_ENV} or give --token-file <file> (make one with: openssl rand -hex 32)`,
    );
  cli.scrubber.add(token);
  return token;
}

function port(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new UsageError(`--port: ${JSON.stringify(text)} is not a port (0 to 65535)`);
  return value;
}
