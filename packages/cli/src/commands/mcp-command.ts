import { type Command, Option } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { MCP_TOKEN_ENV } from './mcp-token-env.js';

/** Loaded when the command runs, so the CLI starts without the engine or the MCP SDK. */
const mcpCommand: typeof import('./mcp.js').mcpCommand = async (...args) =>
  (await import('./mcp.js')).mcpCommand(...args);

const collect = (value: string, values: string[] = []) => [...values, value];

export function addMcpCommand(program: Command, { action }: CommandKit): void {
  program
    .command('mcp')
    .description(
      'serve the installed steps (and workflow files) as MCP tools, on stdio (default) or Streamable HTTP; without --accounts on emulators',
    )
    .addOption(new Option('--accounts <file>', 'connected accounts file; without it, on emulators'))
    .option('--integration <id>', "only this integration's steps (repeatable)", collect)
    .option('--step <id>', 'only this step, by id or tool name (repeatable)', collect)
    .option('--read-only', 'only steps that change nothing')
    .option('--workflow <file>', 'also offer this workflow file as a tool (repeatable)', collect)
    .option('--user <name>', "the end user whose accounts calls use (with --http: the token's user)")
    .option('--http', 'serve Streamable HTTP instead of stdio, behind a bearer token')
    .option('--host <address>', 'with --http: the address to listen on', '127.0.0.1')
    .option('--port <n>', 'with --http: the port (0: any free one)', '8765')
    .option(
      '--token-file <file>',
      `with --http: the bearer token, read from this file (default: ${MCP_TOKEN_ENV})`,
    )
    .action(action((cli, options) => mcpCommand(options, cli)));
}
