export type { ToolCallError, ToolCallMeta, ToolCallResult } from './call-result.js';
export type { ObjectSchema } from './one-object-schema.js';
export { rankTools, type ToolMatch } from './search-tools.js';
export type { CallOptions } from './tool-caller.js';
export {
  mcpStructuredContent,
  type SearchToolsOptions,
  searchToolDefinitions,
  ToolSelectionError,
  type ToolsOptions,
  toolDefinitions,
} from './tool-definitions.js';
export type {
  AnthropicTool,
  JsonSchemaTool,
  McpTool,
  McpToolAnnotations,
  OpenAIResponsesTool,
  OpenAITool,
  ToolDefinition,
  ToolFormat,
  ToolFormats,
} from './tool-formats.js';
export { TOOL_FORMATS } from './tool-formats.js';
export { TOOL_NAME, ToolNames, toolNameOf } from './tool-names.js';
export type { WorkflowTool, WorkflowToolOptions } from './workflow-tools.js';
