import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { type Engine, type McpTool, mcpStructuredContent, type ToolsOptions } from '@toolsteps/engine';
import { callToolResult } from './call-tool-result.js';
import { progressNotifier } from './progress-notifier.js';

/** Which tools a server offers, and for whom it runs them. */
export interface ToolServerOptions extends Omit<ToolsOptions<'mcp'>, 'format' | 'strict'> {
  /** The end user whose connected accounts the calls use (a runtime's vault keeps accounts per user). */
  user?: string;
  /** The most a result may weigh as JSON (default `engine.call`'s, 16 KB): larger ones are cut. */
  maxResultBytes?: number;
  /** How the server names itself to clients; default `toolsteps`. */
  name?: string;
  version?: string;
}

/**
 * An MCP server of the engine's tools: the steps (and workflows) `options` select, listed with
 * their input and output schemas and annotations, each call run by `engine.call` for
 * `options.user`. Only listed tools can be called: a read-only server refuses a write by any name.
 * The SDK's low-level `Server`: the tools' schemas are JSON Schemas already, which its high-level
 * `McpServer` would want as zod schemas.
 */
export function createToolServer(engine: Engine, options: ToolServerOptions = {}): Server {
  const { user, maxResultBytes, name = 'toolsteps', version = '0.1.0', ...selection } = options;
  const server = new Server({ name, version }, { capabilities: { tools: { listChanged: false } } });
  // Made once per server (a session): its list does not change (`listChanged: false`), and a call
  // checks its name against it without building every definition again.
  let tools: McpTool[] | undefined;
  let names: ReadonlySet<string> | undefined;
  const listed = (): McpTool[] => {
    tools ??= engine.tools({ ...selection, format: 'mcp' });
    return tools;
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const toolName = request.params.name;
    names ??= new Set(listed().map((tool) => tool.name));
    if (!names.has(toolName)) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `No tool is called ${JSON.stringify(toolName.slice(0, 80))} here`,
      );
    }
    const outcome = await engine.call(toolName, request.params.arguments ?? {}, {
      signal: extra.signal,
      onEvent: progressNotifier(request.params._meta?.progressToken, (notification) =>
        extra.sendNotification(notification),
      ),
      ...(user === undefined ? {} : { user }),
      ...(maxResultBytes === undefined ? {} : { maxResultBytes }),
    });
    return callToolResult(outcome, (result) => structuredContent(engine, outcome.meta.step, result));
  });
  return server;
}

/** What the tool's `outputSchema` describes: a step's view for a model (or its output), a workflow's output under `result`. */
function structuredContent(
  engine: Engine,
  stepId: string | undefined,
  result: unknown,
): Record<string, unknown> {
  const step = stepId === undefined ? undefined : engine.registry.step(stepId);
  if (step === undefined) return { result };
  return mcpStructuredContent(step.forModel?.output ?? step.output, result);
}
