import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const toolsCommand: typeof import('./tools.js').toolsCommand = async (...args) =>
  (await import('./tools.js')).toolsCommand(...args);

export function addToolsCommand(program: Command, { action }: CommandKit): void {
  program
    .command('tools')
    .description("print the installed steps as tool definitions for a model's API, as JSON")
    .requiredOption('--format <format>', 'openai, openai-responses, anthropic, mcp or json-schema')
    .option('--strict', "input schemas in OpenAI's strict form (steps it cannot describe keep theirs)")
    .option('--integration <id...>', 'only the steps of these integrations')
    .option('--step <id...>', 'only these steps, by id or tool name')
    .option('--read-only', 'only steps that change nothing')
    .action(action((cli, options) => toolsCommand(options, cli)));
}
