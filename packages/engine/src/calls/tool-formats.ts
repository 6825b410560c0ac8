import type { JsonSchema } from '../workflow/published-schema.js';
import type { ObjectSchema } from './one-object-schema.js';

/** The shapes `engine.tools` gives: one per model API, and a neutral one. */
export type ToolFormat = 'openai' | 'openai-responses' | 'anthropic' | 'mcp' | 'json-schema';

export const TOOL_FORMATS: readonly ToolFormat[] = [
  'openai',
  'openai-responses',
  'anthropic',
  'mcp',
  'json-schema',
];

/** OpenAI Chat Completions: an entry of `tools` (the SDK's `ChatCompletionFunctionTool`). */
export interface OpenAITool {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: ObjectSchema;
    /** True when `parameters` is in strict form; false otherwise, said outright. */
    strict: boolean;
  };
}

/** OpenAI Responses: the same, flat (the SDK's `FunctionTool`, where `strict` must be said: it defaults to true). */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: ObjectSchema;
  strict: boolean;
}

/** Anthropic Messages: an entry of `tools` (the SDK's `Tool`). */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ObjectSchema;
}

/** MCP's hints about what calling a tool does (all four said outright: MCP's defaults assume the worst). */
export interface McpToolAnnotations {
  /** A read: changes nothing. */
  readOnlyHint: boolean;
  /**
   * May change or remove what is there. True for every delete and every write: neither a step's
   * effect nor `idempotent` tells a write that only adds (create an issue) from one that overwrites
   * (update a file), and MCP's default for a write is true.
   */
  destructiveHint: boolean;
  /** Calling it again with the same arguments changes nothing more: reads, and steps declared idempotent. */
  idempotentHint: boolean;
  /** It talks to a third-party service. */
  openWorldHint: boolean;
}

/** MCP `tools/list`: one tool. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  /**
   * What `structuredContent` holds: MCP wants an object, so a step whose output is not one (a
   * list, a string) has `{ result: <output> }` here, and its result goes under `result`
   * (`mcpStructuredContent`).
   */
  outputSchema: ObjectSchema;
  annotations: McpToolAnnotations;
}

/** Neutral: the tool's name, description and schemas as they are, for any other runtime. */
export interface JsonSchemaTool {
  name: string;
  description: string;
  inputSchema: ObjectSchema;
  /** The step's output schema, self-contained (any type: not wrapped). */
  outputSchema: JsonSchema;
}

export interface ToolFormats {
  openai: OpenAITool;
  'openai-responses': OpenAIResponsesTool;
  anthropic: AnthropicTool;
  mcp: McpTool;
  'json-schema': JsonSchemaTool;
}

/** A tool as `format` shapes it. */
export type ToolDefinition<F extends ToolFormat = ToolFormat> = ToolFormats[F];
